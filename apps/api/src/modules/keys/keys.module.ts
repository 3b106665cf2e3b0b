import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { DataKeyEntity } from './data-key.entity';
import { DataKeyRepository } from './data-key.repository';
import { FieldCipher } from './field-cipher';
import { LegacyTextSealer } from './legacy-text.sealer';

/**
 * Owns the data keys (`data_keys`) that seal stored text per project or firm, and the cipher that seals and
 * opens fields. It never reads or writes another module's rows: owners register their sealed tables with it.
 */
@Module({
  imports: [DatabaseModule.forFeature([DataKeyEntity]), ProjectsModule],
  providers: [DataKeyRepository, FieldCipher, LegacyTextSealer],
  exports: [FieldCipher, LegacyTextSealer, DataKeyRepository],
})
export class KeysModule {}
