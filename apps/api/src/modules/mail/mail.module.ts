import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { MailTransport } from './mail.transport';

@Module({
  providers: [MailTransport, MailService],
  exports: [MailService],
})
export class MailModule {}
