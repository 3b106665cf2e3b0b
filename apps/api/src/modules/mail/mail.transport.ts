import { Injectable, Logger } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { ConfigService } from '@api/modules/config/config.service';

export interface OutgoingMail {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Delivers mail: through SMTP when SMTP_URL is set, otherwise into $DATA_DIR/outbox as .eml files
 * (the embedded default, and how tests read the codes).
 */
@Injectable()
export class MailTransport {
  private readonly logger = new Logger(MailTransport.name);
  private readonly transporter: Transporter;
  private readonly outbox: string | null;

  constructor(private readonly config: ConfigService) {
    const smtp = config.mail.smtpUrl?.reveal();
    this.outbox = smtp ? null : config.mail.outboxDir;
    this.transporter = smtp ? createTransport(smtp) : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get kind(): 'smtp' | 'outbox' {
    return this.outbox ? 'outbox' : 'smtp';
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { template, ...message } = mail;
    const info = await this.transporter.sendMail({ from: this.config.mail.from, ...message });
    if (this.outbox) {
      await mkdir(this.outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = join(this.outbox, `.${name}.tmp`);
      await writeFile(temporary, (info as { message: Buffer }).message, { mode: 0o600 });
      await rename(temporary, join(this.outbox, name));
      this.logger.log(`Mail ${template} written to outbox: ${name}`);
      return;
    }
    // Neither subject nor body is logged: either may carry a secret.
    this.logger.log(`Mail ${template} sent: ${String((info as { messageId?: unknown }).messageId ?? '')}`);
  }

  close(): void {
    this.transporter.close();
  }
}
