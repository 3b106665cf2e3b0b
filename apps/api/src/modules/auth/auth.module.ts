import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { ConfigService } from '@api/modules/config/config.service';
import { MailModule } from '@api/modules/mail/mail.module';
import { AuthController } from './auth.controller';
import { AuthThrottlerGuard, emailTracker } from './auth-throttler.guard';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { OneTimeCodeRepository } from './one-time-code.repository';
import { UserRepository } from './user.repository';

@Module({
  imports: [
    MailModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        secret: config.auth.jwtSecret.reveal(),
        signOptions: { expiresIn: config.auth.jwtExpiresIn as `${number}h`, algorithm: 'HS256' },
      }),
    }),
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => {
        const ttl = config.auth.throttleTtlSeconds * 1000;
        const limit = config.auth.throttleLimit;
        return { throttlers: [{ name: 'address', ttl, limit }, { name: 'email', ttl, limit, getTracker: emailTracker }] };
      },
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, UserRepository, OneTimeCodeRepository, JwtStrategy, AuthThrottlerGuard, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
