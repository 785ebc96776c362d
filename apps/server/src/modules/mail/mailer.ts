import { createRequire } from 'node:module';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mail goes. The dev outbox by default; SMTP (nodemailer) when MAIL_PROVIDER=smtp. */
export interface Mailer {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

interface Transport {
  sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const require = createRequire(import.meta.url);
  const nodemailer = require('nodemailer') as { createTransport(url: string): Transport };
  const transport = nodemailer.createTransport(opts.url);
  return {
    name: 'smtp',
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}
