import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AuditModule } from '@api/modules/audit/audit.module';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseModule } from '@api/modules/database/database.module';
import { FirmsModule } from '@api/modules/firms/firms.module';
import { MailModule } from '@api/modules/mail/mail.module';
import { ApiKeyEntity } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { AuthController } from './auth.controller';
import { AuthCounterRepository } from './auth-counter.repository';
import { AuthLimiter } from './auth-limiter';
import { AuthRateGuard } from './auth-rate.guard';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { SessionVerifier } from './session-verifier';
import { OneTimeCodeEntity } from './one-time-code.entity';
import { OneTimeCodeRepository } from './one-time-code.repository';
import { PasswordPolicy } from './password-policy';
import { SessionRepository } from './session.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';
import { UsersService } from './users.service';

/**
 * Owns accounts, sessions and API keys (`users`, `one_time_codes`, `revoked_tokens`, `auth_counters`, `api_keys`):
 * sign-up, codes, login, logout, keys and the guard on every route not marked public. It never keeps a password or code in
 * clear, and asks the firms module where an account belongs rather than reading its tables.
 */
@Module({
  imports: [
    DatabaseModule.forFeature([ApiKeyEntity, OneTimeCodeEntity, UserEntity]),
    AuditModule,
    FirmsModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        secret: config.auth.jwtSecret.reveal(),
        signOptions: { expiresIn: config.auth.jwtExpiresIn as `${number}h`, algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController, ApiKeysController],
  providers: [AuthService, UsersService, ApiKeysService, ApiKeyRepository, PasswordPolicy, UserRepository, OneTimeCodeRepository, SessionVerifier, AuthCounterRepository, AuthLimiter, AuthRateGuard, SessionRepository, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [AuthService, UsersService, ApiKeysService],
})
export class AuthModule {}
