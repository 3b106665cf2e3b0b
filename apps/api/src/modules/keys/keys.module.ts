import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { DataKeyEntity } from './data-key.entity';
import { DataKeyRepository } from './data-key.repository';
import { FieldCipher } from './field-cipher';
import { LegacyTextSealer } from './legacy-text.sealer';

@Module({
  imports: [DatabaseModule.forFeature([DataKeyEntity]), ProjectsModule],
  providers: [DataKeyRepository, FieldCipher, LegacyTextSealer],
  exports: [FieldCipher, LegacyTextSealer],
})
export class KeysModule {}
