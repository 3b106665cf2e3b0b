import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStore } from './rate-limit.store';

/**
 * Per-user limits on costly routes (questions, uploads, reports): fixed-window counters in memory, or in
 * Redis with REDIS_URL. It owns no table; sign-in attempts are limited by the auth module, not here.
 */
@Module({
  providers: [RateLimitStore, RateLimitGuard],
  exports: [RateLimitStore, RateLimitGuard],
})
export class RateLimitModule {}
