import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { AuthRateGuard } from './auth-rate.guard';
import { AuthService } from './auth.service';
import { AuthUser } from './auth.types';
import { CurrentUser } from './current-user.decorator';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @UseGuards(AuthRateGuard)
  @Post('signup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create an account',
    description: 'Registers an e-mail address and password and sends a 6-digit code to the address. The account can sign in once the code is confirmed with verify-otp. The answer is the same whether or not the address is already registered, so it reveals no accounts. Limited per client address.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  signup(@Body() dto: SignupDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.signup(dto, { ip });
  }

  @Public()
  @UseGuards(AuthRateGuard)
  @Post('verify-otp')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm an account with the e-mailed code',
    description: 'Checks the 6-digit code sent at sign-up and activates the account. Wrong or expired codes are refused; repeated attempts are limited.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  verifyOtp(@Body() dto: VerifyOtpDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.verify(dto, { ip });
  }

  @Public()
  @UseGuards(AuthRateGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in',
    description: 'Exchanges an e-mail address and password for a bearer token (JWT) to send as `Authorization: Bearer <token>`. Unverified or disabled accounts get 403; failed attempts are limited per account and client.',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors(400, 401, 403, 429)
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.service.login(dto, { ip });
  }

  @Public()
  @UseGuards(AuthRateGuard)
  @Post('request-password-reset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask for a password reset code',
    description: 'Sends a reset code to the address when an account exists for it. The answer is the same whether or not it does, so it reveals no accounts.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  requestPasswordReset(@Body() dto: RequestPasswordResetDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.requestPasswordReset(dto, { ip });
  }

  @Public()
  @UseGuards(AuthRateGuard)
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a new password with the e-mailed code',
    description: 'Checks the reset code and sets the new password (sent as `new_password`, or as `password` by the alternate form); every existing session of the account ends. A pending account is verified by the reset too.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(400, 429)
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.resetPassword(dto, { ip });
  }

  @ApiOperation({
    summary: 'Sign out this session',
    description: 'The presented token is refused from now on; the account\'s other sessions go on.',
  })
  @ApiBearerAuth('bearer')
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(401)
  logout(@CurrentUser() user: AuthUser, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.logout(user, { ip });
  }

  @ApiOperation({
    summary: 'Sign out everywhere',
    description: 'Every token of the account, this one included, is refused from now on.',
  })
  @ApiBearerAuth('bearer')
  @Post('logout-all')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiErrors(401)
  logoutAll(@CurrentUser() user: AuthUser, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.service.logoutEverywhere(user, { ip });
  }

  @ApiOperation({
    summary: 'The signed-in account',
    description: 'Returns the id, e-mail address, firm role, firm and creation time of the account the bearer token belongs to.',
  })
  @ApiBearerAuth('bearer')
  @Get('me')
  @ApiOkResponse({ type: MeResponseDto })
  @ApiErrors(401)
  getMe(@CurrentUser() user: AuthUser): Promise<MeResponseDto> {
    return this.service.me(user);
  }
}
