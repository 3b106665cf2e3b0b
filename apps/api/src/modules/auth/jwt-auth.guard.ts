import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AppError, ForbiddenError, UnauthorizedError } from '@api/modules/common/app-error';
import { IS_PUBLIC_KEY } from '@api/modules/common/public.decorator';
import { API_KEY_MESSAGES, API_KEY_PREFIX, ApiKeysService } from './api-keys.service';
import { AuthUser } from './auth.types';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). The token is a session (a JWT)
 * or an API key (`cwk_…`), which acts as its owner and, when read-only, may only read.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer?.startsWith(API_KEY_PREFIX)) {
      const user = await this.apiKeys.authenticate(bearer, request.ip ?? null);
      if (!user) throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
      if (user.apiKey?.scope === 'read' && !READ_METHODS.has(request.method)) throw new ForbiddenError(API_KEY_MESSAGES.readOnly);
      request.user = user;
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error instanceof AppError) throw error;
    // A failure while looking up a well-signed token's session (the database out of reach) says nothing about the
    // token: answered 401, it would sign the user out. It goes to the error filter instead.
    if (error instanceof Error) throw error;
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw new UnauthorizedError(expired ? 'Your session has expired. Please sign in again.' : 'Authentication credentials were not provided or are invalid.');
    }
    return user;
  }
}
