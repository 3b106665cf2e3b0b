import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { CryptoRepository } from './crypto.repository';

/**
 * Shared plumbing every module may use: the clock, hashing and randomness, the error types and filter, the
 * retry policy and upstream-service errors. It owns no table and must never import a feature module.
 */
@Global()
@Module({
  providers: [Clock, CryptoRepository],
  exports: [Clock, CryptoRepository],
})
export class CommonModule {}
