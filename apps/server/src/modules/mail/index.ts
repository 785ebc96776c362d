/** E-mail: the Mailer seam (the dev outbox by default, SMTP in production). */
export { createSmtpMailer, type MailMessage, type Mailer } from './mailer.ts';
