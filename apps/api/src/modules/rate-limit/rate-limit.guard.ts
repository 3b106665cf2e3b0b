import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { TooManyRequestsError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import { RateLimitStore } from './rate-limit.store';

/** The kinds of costly work limited per user; each has its own counter and limit (config `rateLimits`). */
export type RateLimitBucket = 'questions' | 'uploads' | 'reports';

const BUCKET = 'casewise:rate-limit-bucket';

const MESSAGES: Record<RateLimitBucket, (seconds: number) => string> = {
  questions: (seconds) => `Too many questions in a short time. Please wait ${seconds} seconds and try again.`,
  uploads: (seconds) => `Too many uploads in a short time. Please wait ${seconds} seconds and try again.`,
  reports: (seconds) => `Too many reports requested in a short time. Please wait ${seconds} seconds and try again.`,
};

/** Counts each request of the signed-in user against the bucket's limit; over it, 429 with Retry-After. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
    private readonly config: ConfigService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(BUCKET, context.getHandler());
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    // Without a user the bearer guard, which runs first, has already refused the request.
    if (bucket === undefined || user === undefined) return true;
    const { windowSeconds } = this.config.rateLimits;
    const hit = await this.store.hit(`${bucket}:${user.id}`, windowSeconds * 1000);
    if (hit.count <= this.config.rateLimits[bucket]) return true;
    const seconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    throw new TooManyRequestsError(MESSAGES[bucket](seconds), seconds);
  }
}

/** Puts a route under the per-user limit of `bucket` and documents its 429. */
export function RateLimit(bucket: RateLimitBucket): MethodDecorator {
  return applyDecorators(SetMetadata(BUCKET, bucket), UseGuards(RateLimitGuard), ApiErrors(429));
}
