import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { Public } from '@api/modules/common/public.decorator';
import {
  LoginDto,
  LoginResponseDto,
  MeResponseDto,
  MessageResponseDto,
  RequestPasswordResetDto,
  ResetPasswordDto,
  SignupDto,
  VerifyOtpDto,
} from './auth.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { AuthService } from './auth.service';
import { AuthUser } from './auth.types';
import { CurrentUser } from './current-user.decorator';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('signup')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  signup(@Body() dto: SignupDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.signup(dto, { ip });
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('verify-otp')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  verifyOtp(@Body() dto: VerifyOtpDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.verify(dto, { ip });
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors(400, 401, 403, 429)
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.service.login(dto, { ip });
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('request-password-reset')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  requestPasswordReset(@Body() dto: RequestPasswordResetDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.requestPasswordReset(dto, { ip });
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.resetPassword(dto, { ip });
  }

  @ApiBearerAuth('bearer')
  @Get('me')
  @ApiOkResponse({ type: MeResponseDto })
  @ApiErrors(401)
  getMe(@CurrentUser() user: AuthUser): Promise<MeResponseDto> {
    return this.service.me(user);
  }
}
