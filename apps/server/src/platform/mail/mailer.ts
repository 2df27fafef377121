export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends customer email; the outbox adapter keeps it on disk, the SMTP adapter hands it to a mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
