import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { ForbiddenError } from '@api/modules/common/app-error';

export const ADMINS_ONLY = "This area is for your firm's administrators.";

/** Lets only a firm administrator through; runs after the global bearer-token guard has set the user. */
@Injectable()
export class FirmAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (user?.role !== 'admin') throw new ForbiddenError(ADMINS_ONLY);
    return true;
  }
}
