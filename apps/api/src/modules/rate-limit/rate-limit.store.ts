import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import IORedis from 'ioredis';
import { Clock } from '@api/modules/common/clock';
import { within } from '@api/modules/common/within';
import { ConfigService } from '@api/modules/config/config.service';

/** Requests counted so far in the current window of one key, and when that window ends. */
export interface RateLimitHit {
  count: number;
  resetInMs: number;
}

interface Window {
  count: number;
  endsAt: number;
}

// Beyond this many keys in memory, ended windows are swept on the next hit.
const SWEEP_AT = 10_000;

/** How long a request waits for Redis to count it before going through uncounted. */
const REDIS_WAIT_MS = 1000;

/**
 * Fixed-window request counters. With REDIS_URL they live in Redis and every API process shares them;
 * without it each process counts its own (one process is the embedded deployment).
 */
@Injectable()
export class RateLimitStore implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitStore.name);
  private readonly windows = new Map<string, Window>();
  private readonly redis: IORedis | null;
  private readonly prefix: string;

  constructor(
    config: ConfigService,
    private readonly clock: Clock,
  ) {
    const url = config.redis.url?.reveal();
    this.redis = url ? new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 2 }) : null;
    this.prefix = `${config.redis.prefix}:rate:`;
  }

  /** Counts one request against `key`; the window starts with the first request and lasts `windowMs`. */
  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    if (this.redis === null) return this.hitInMemory(key, windowMs);
    try {
      return await within(this.hitInRedis(this.redis, key, windowMs), REDIS_WAIT_MS, `no answer from Redis within ${REDIS_WAIT_MS} ms`);
    } catch (error) {
      // A limit must not take the product down with Redis: the request goes through and the log says why.
      this.logger.warn(`Rate limit not applied, Redis failed: ${error instanceof Error ? error.message : String(error)}`);
      return { count: 0, resetInMs: windowMs };
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis !== null && this.redis.status !== 'wait' && this.redis.status !== 'end') await this.redis.quit().catch(() => undefined);
  }

  private hitInMemory(key: string, windowMs: number): RateLimitHit {
    const now = this.clock.now().getTime();
    if (this.windows.size >= SWEEP_AT) {
      for (const [stored, window] of this.windows) if (window.endsAt <= now) this.windows.delete(stored);
    }
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  private async hitInRedis(redis: IORedis, key: string, windowMs: number): Promise<RateLimitHit> {
    const name = this.prefix + key;
    const replies = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
    const failed = replies?.find(([error]) => error !== null);
    if (!replies || failed) throw failed?.[0] ?? new Error('the transaction was discarded');
    const ttl = Number(replies[2][1]);
    return { count: Number(replies[1][1]), resetInMs: ttl > 0 ? ttl : windowMs };
  }
}
