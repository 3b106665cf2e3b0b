import { Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { UnauthorizedError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import { AuthService } from './auth.service';
import { AuthUser, TokenPayload } from './auth.types';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: ConfigService,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, so jsonwebtoken does not try (and fail) to parse the secret as a public key on every request.
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret.reveal())) as unknown as Buffer,
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
