import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ForbiddenError, UnauthorizedError } from '@api/modules/common/app-error';
import { IS_PUBLIC_KEY } from '@api/modules/common/public.decorator';
import { API_KEY_MESSAGES, API_KEY_PREFIX, ApiKeysService } from './api-keys.service';
import { AuthUser } from './auth.types';
import { SessionVerifier } from './session-verifier';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The token is a session (a JWT)
 * or an API key (`cwk_…`), which acts as its owner and, when read-only, may only read.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly sessions: SessionVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const bearer = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) throw new UnauthorizedError();
    if (bearer.startsWith(API_KEY_PREFIX)) {
      const user = await this.apiKeys.authenticate(bearer, request.ip ?? null);
      if (!user) throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
      if (user.apiKey?.scope === 'read' && !READ_METHODS.has(request.method)) throw new ForbiddenError(API_KEY_MESSAGES.readOnly);
      request.user = user;
      return true;
    }
    request.user = await this.sessions.userOf(bearer);
    return true;
  }
}
