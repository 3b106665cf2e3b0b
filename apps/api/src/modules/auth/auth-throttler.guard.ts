import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { TooManyRequestsError } from '@api/modules/common/app-error';

/** Limits the account routes per client address and per e-mail address. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    throw new TooManyRequestsError(`Too many attempts. Please wait ${seconds} seconds and try again.`, seconds);
  }
}

export function emailTracker(request: Record<string, unknown>): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email ? `email:${email}` : `address:${String(request.ip)}`;
}
