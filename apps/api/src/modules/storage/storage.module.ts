import { Module } from '@nestjs/common';
import { StorageRepository } from './storage.repository';

/**
 * Owns the document files on disk, each encrypted under its own key and bound to its document. It never
 * touches the database: which stored files are still referenced is the caller's answer.
 */
@Module({
  providers: [StorageRepository],
  exports: [StorageRepository],
})
export class StorageModule {}
