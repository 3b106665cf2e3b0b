import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { CryptoRepository } from './crypto.repository';

@Global()
@Module({
  providers: [Clock, CryptoRepository],
  exports: [Clock, CryptoRepository],
})
export class CommonModule {}
