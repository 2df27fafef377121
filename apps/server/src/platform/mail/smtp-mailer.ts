import type { SendMailOptions } from 'nodemailer';
import { mailIdToken, type Mailer } from './mailer.js';

/** What the mailer needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(options: SendMailOptions): Promise<unknown>;
}

/** nodemailer is loaded only when SMTP is configured. */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  return transportMailer(nodemailer.createTransport(url), from);
}

/** A mailer sending through `transport`: a message's stable id becomes its Message-ID. */
export function transportMailer(transport: MailTransport, from: string): Mailer {
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.id === undefined ? {} : { messageId: `<${mailIdToken(message.id)}@shoebox>` }),
      });
    },
  };
}
