import { Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { UnauthorizedError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import { AuthService } from './auth.service';
import { AuthUser, TokenPayload } from './auth.types';

/** Whether an HS256 token's signature was made with `key` (its claims are checked afterwards by passport-jwt). */
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

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: ConfigService,
    private readonly auth: AuthService,
  ) {
    const current = createSecretKey(Buffer.from(config.auth.jwtSecret.reveal()));
    const previousSecret = config.auth.jwtSecretPrevious?.reveal();
    const previous = previousSecret ? createSecretKey(Buffer.from(previousSecret)) : null;
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // KeyObjects, so jsonwebtoken does not try (and fail) to parse the secret as a public key on every request.
      secretOrKeyProvider: (_request: unknown, token: string, done: (error: Error | null, key?: Buffer) => void) =>
        done(null, verifyingKey(token, current, previous) as unknown as Buffer),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: TokenPayload): Promise<AuthUser> {
    const wellFormed = typeof payload.sub === 'string' && typeof payload.ver === 'number' && typeof payload.jti === 'string' && typeof payload.exp === 'number';
    const user = wellFormed ? await this.auth.userForToken(payload) : null;
    if (!user) throw new UnauthorizedError('Your session is no longer valid. Please sign in again.');
    return user;
  }
}
