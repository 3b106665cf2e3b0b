import Handlebars from 'handlebars';

export type MailTemplateName = 'verify-code' | 'reset-code' | 'signup-attempt' | 'sign-in-failures' | 'invitation';

/** Subjects never carry a code: they show in mailbox lists, notifications and mail server logs. */
interface TemplateSource {
  subject: string;
  text: string;
  html: string;
}

const LAYOUT = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:auto;background:#ffffff;border-radius:8px;padding:28px;border:1px solid #e5e7eb">
<h1 style="font-size:20px;color:#1e3a8a;margin:0 0 16px">{{product}}</h1>
{{{body}}}
<p style="font-size:12px;color:#6b7280;margin-top:28px">You received this e-mail because this address was entered in {{product}}. If that was not you, you can ignore it.</p>
</div></body></html>`;

const SOURCES: Record<MailTemplateName, TemplateSource> = {
  'verify-code': {
    subject: 'Your {{product}} verification code',
    text: 'Welcome to {{product}}.\n\nYour verification code is {{code}}.\nIt is valid for {{minutes}} minutes and can be used once.\n\nIf you did not sign up, ignore this e-mail.\n',
    html: '<p>Welcome to {{product}}.</p><p>Your verification code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">{{code}}</p><p>It is valid for {{minutes}} minutes and can be used once.</p>',
  },
  'reset-code': {
    subject: 'Your {{product}} password reset code',
    text: 'Someone asked to reset the password of your {{product}} account.\n\nYour reset code is {{code}}.\nIt is valid for {{minutes}} minutes and can be used once.\n\nIf that was not you, ignore this e-mail: your password stays as it is.\n',
    html: '<p>Someone asked to reset the password of your {{product}} account.</p><p>Your reset code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">{{code}}</p><p>It is valid for {{minutes}} minutes and can be used once. If that was not you, ignore this e-mail: your password stays as it is.</p>',
  },
  'signup-attempt': {
    subject: 'Someone tried to sign up to {{product}} with your address',
    text: 'Someone tried to create a {{product}} account with this e-mail address, which already has an account.\n\nIf it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, no action is needed: nothing was changed.\n',
    html: '<p>Someone tried to create a {{product}} account with this e-mail address, which already has an account.</p><p>If it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, no action is needed: nothing was changed.</p>',
  },
  invitation: {
    subject: 'You are invited to {{firm}} on {{product}}',
    text: 'You are invited to join {{firm}} on {{product}} as {{role}}.\n\nTo accept, sign up with this e-mail address at {{signupUrl}} before {{expires}}. You will join {{firm}} when you sign up.\n\nIf you did not expect this invitation, you can ignore this e-mail.\n',
    html: '<p>You are invited to join <strong>{{firm}}</strong> on {{product}} as {{role}}.</p><p>To accept, sign up with this e-mail address at <a href="{{signupUrl}}">{{signupUrl}}</a> before {{expires}}. You will join {{firm}} when you sign up.</p><p>If you did not expect this invitation, you can ignore this e-mail.</p>',
  },
  'sign-in-failures': {
    subject: 'Failed sign-ins to your {{product}} account',
    text: 'There were {{failures}} failed attempts to sign in to your {{product}} account in the last {{minutes}} minutes.\n\nIf they were yours, you can ignore this e-mail, or reset your password if you have forgotten it. If they were not, your account is safe as long as your password is not known to anyone else: further attempts are being slowed down. Choosing a longer, less predictable password makes guessing harder still.\n',
    html: '<p>There were {{failures}} failed attempts to sign in to your {{product}} account in the last {{minutes}} minutes.</p><p>If they were yours, you can ignore this e-mail, or reset your password if you have forgotten it. If they were not, your account is safe as long as your password is not known to anyone else: further attempts are being slowed down. Choosing a longer, less predictable password makes guessing harder still.</p>',
  },
};

const layout = Handlebars.compile(LAYOUT);
const compiled = Object.fromEntries(
  Object.entries(SOURCES).map(([name, source]) => [
    name,
    { subject: Handlebars.compile(source.subject), text: Handlebars.compile(source.text), html: Handlebars.compile(source.html) },
  ]),
) as Record<MailTemplateName, { subject: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate }>;

export interface RenderedMail {
  /** Which template; what the log line names instead of the subject. */
  template: MailTemplateName;
  subject: string;
  text: string;
  html: string;
}

export function renderMail(name: MailTemplateName, values: Record<string, string | number>): RenderedMail {
  const context = { product: 'Casewise', ...values };
  const template = compiled[name];
  return {
    template: name,
    subject: template.subject(context),
    text: template.text(context),
    html: layout({ ...context, body: template.html(context) }),
  };
}
