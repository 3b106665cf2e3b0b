import { Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from 'node:crypto';
import { JwtPayload, TokenExpiredError, verify } from 'jsonwebtoken';
import { UnauthorizedError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import { AuthService } from './auth.service';
import { AuthUser } from './auth.types';

export const SESSION_MESSAGES = {
  expired: 'Your session has expired. Please sign in again.',
  ended: 'Your session is no longer valid. Please sign in again.',
} as const;

/** Whether an HS256 token's signature was made with `key` (its claims are checked afterwards). */
export function signedWith(token: string, key: KeyObject): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The key that verifies a token: JWT_SECRET, or JWT_SECRET_PREVIOUS for a token it signed before the secret
 * changed, so sessions survive a change of secret until they expire. New tokens are always signed with JWT_SECRET.
 */
export function verifyingKey(token: string, current: KeyObject, previous: KeyObject | null): KeyObject {
  if (previous && !signedWith(token, current) && signedWith(token, previous)) return previous;
  return current;
}

/**
 * Turns a session token into its user, with this application's own keys and database. Nothing is registered
 * process-wide (as a passport strategy would be), so each application in a process checks its own sessions.
 */
@Injectable()
export class SessionVerifier {
  private readonly current: KeyObject;
  private readonly previous: KeyObject | null;

  constructor(
    config: ConfigService,
    private readonly auth: AuthService,
  ) {
    this.current = createSecretKey(Buffer.from(config.auth.jwtSecret.reveal()));
    const previous = config.auth.jwtSecretPrevious?.reveal();
    this.previous = previous ? createSecretKey(Buffer.from(previous)) : null;
  }

  /** The user of a live session; a 401 for a token that is malformed, forged, expired or whose session has ended. */
  async userOf(token: string): Promise<AuthUser> {
    const payload = this.claims(token);
    const wellFormed = typeof payload.sub === 'string' && typeof payload.ver === 'number' && typeof payload.jti === 'string' && typeof payload.exp === 'number';
    // A failure of the lookup itself (the database out of reach) is not a verdict on the token: it is not a 401.
    const user = wellFormed ? await this.auth.userForToken({ sub: payload.sub as string, ver: payload.ver as number, jti: payload.jti as string, exp: payload.exp }) : null;
    if (!user) throw new UnauthorizedError(SESSION_MESSAGES.ended);
    return user;
  }

  private claims(token: string): JwtPayload {
    try {
      const payload = verify(token, verifyingKey(token, this.current, this.previous), { algorithms: ['HS256'] });
      if (typeof payload === 'string') throw new UnauthorizedError();
      return payload;
    } catch (error) {
      if (error instanceof UnauthorizedError) throw error;
      throw error instanceof TokenExpiredError ? new UnauthorizedError(SESSION_MESSAGES.expired) : new UnauthorizedError();
    }
  }
}
