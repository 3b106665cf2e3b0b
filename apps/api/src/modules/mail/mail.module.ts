import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { MailTransport } from './mail.transport';

/**
 * Sends the app's mails (codes, notices, invitations) through SMTP, or into the outbox folder without it.
 * It owns no table and decides nothing about who is written to: callers choose the recipient.
 */
@Module({
  providers: [MailTransport, MailService],
  exports: [MailService],
})
export class MailModule {}
