import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { AppConfig } from '@api/modules/config/config.types';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
}

/** Every mail the app wrote to its outbox, oldest first. */
export async function readOutbox(config: AppConfig): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = (await readdir(config.mail.outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseMail(await readFile(join(config.mail.outboxDir, name)))));
}

export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No code in mail "${mail.subject}"`);
  return match[1];
}

/** The code in the newest mail to that address. */
export async function latestCode(config: AppConfig, email: string): Promise<string> {
  const mails = (await readOutbox(config)).filter((mail) => mail.to.includes(email));
  if (mails.length === 0) throw new Error(`No mail to ${email}`);
  return codeIn(mails[mails.length - 1]);
}
