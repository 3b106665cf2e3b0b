import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DocumentsModule } from '@api/modules/documents/documents.module';
import { KeysModule } from '@api/modules/keys/keys.module';
import { StorageModule } from '@api/modules/storage/storage.module';
import { OperationsResponder } from './operations.responder';

/**
 * Serves the ops commands (`npm run backup`, `npm run rotate-keys`) that need the running server because it
 * holds the embedded database. It owns no table: it dumps through the database module and rewraps keys
 * through the modules that own them.
 */
@Module({
  imports: [DatabaseModule, DocumentsModule, KeysModule, StorageModule],
  providers: [OperationsResponder],
})
export class OperationsModule {}
