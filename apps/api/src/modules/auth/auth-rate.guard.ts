import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuthLimiter } from './auth-limiter';

/** The flood ceiling of the account routes: requests per client address (THROTTLE_LIMIT per THROTTLE_TTL_SECONDS). */
@Injectable()
export class AuthRateGuard implements CanActivate {
  constructor(private readonly limiter: AuthLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.limiter.countRequest(request.ip ?? null);
    return true;
  }
}
