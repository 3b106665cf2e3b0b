import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { DataKeyEntity } from './data-key.entity';
import { DataKeyRepository } from './data-key.repository';
import { FieldCipher } from './field-cipher';
import { LegacyTextSealer } from './legacy-text.sealer';

@Module({
  imports: [DatabaseModule.forFeature([DataKeyEntity])],
  providers: [DataKeyRepository, FieldCipher, LegacyTextSealer],
  exports: [FieldCipher],
})
export class KeysModule {}
