import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigService } from '@api/modules/config/config.service';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * /api/metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN, or with another token,
 * it answers 404 as an unknown route does, so it cannot be found by probing.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(private readonly config: ConfigService) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.metrics.token?.reveal();
    const request = context.switchToHttp().getRequest<Request>();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // The very answer of a route that does not exist.
    if (!token || given === undefined || !timingSafeEqual(digest(given), digest(token))) throw new NotFoundException(`Cannot ${request.method} ${request.originalUrl}`);
    return true;
  }
}
