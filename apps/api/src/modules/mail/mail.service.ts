import { Injectable } from '@nestjs/common';
import { renderMail } from './mail.templates';
import { MailTransport } from './mail.transport';

@Injectable()
export class MailService {
  constructor(private readonly transport: MailTransport) {}

  sendVerificationCode(to: string, code: string, minutes: number): Promise<void> {
    return this.transport.send({ to, ...renderMail('verify-code', { code, minutes }) });
  }

  sendResetCode(to: string, code: string, minutes: number): Promise<void> {
    return this.transport.send({ to, ...renderMail('reset-code', { code, minutes }) });
  }

  sendSignInFailureNotice(to: string, failures: number, minutes: number): Promise<void> {
    return this.transport.send({ to, ...renderMail('sign-in-failures', { failures, minutes }) });
  }

  sendInvitation(to: string, invitation: { firm: string; role: string; signupUrl: string; expires: Date }): Promise<void> {
    const expires = invitation.expires.toUTCString();
    return this.transport.send({ to, ...renderMail('invitation', { firm: invitation.firm, role: invitation.role, signupUrl: invitation.signupUrl, expires }) });
  }

  sendSignupAttemptNotice(to: string): Promise<void> {
    return this.transport.send({ to, ...renderMail('signup-attempt', {}) });
  }
}
