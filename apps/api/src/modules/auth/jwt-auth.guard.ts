import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError, UnauthorizedError } from '@api/modules/common/app-error';
import { IS_PUBLIC_KEY } from '@api/modules/common/public.decorator';
import { AuthUser } from './auth.types';

/** Global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext): ReturnType<ReturnType<typeof AuthGuard>['prototype']['canActivate']> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error instanceof AppError) throw error;
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw new UnauthorizedError(expired ? 'Your session has expired. Please sign in again.' : 'Authentication credentials were not provided or are invalid.');
    }
    return user;
  }
}
