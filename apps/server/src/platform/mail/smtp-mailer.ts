import { mailIdToken, type Mailer } from './mailer.js';

/** nodemailer is loaded only when SMTP is configured. */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
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
