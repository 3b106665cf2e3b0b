import { Global, Module } from '@nestjs/common';
import { StorageRepository } from './storage.repository';

@Global()
@Module({
  providers: [StorageRepository],
  exports: [StorageRepository],
})
export class StorageModule {}
