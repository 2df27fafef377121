export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A stable id for this message: sending it twice stores/sends it under the same id, so a mail repeated after a crash is one mail to the reader. */
  id?: string;
}

/**
 * A message id as one token of letters, digits, `-`, `_` and `%` (percent-encoding the rest): safe as a file
 * name and as the left part of a Message-ID, and two ids never share a token.
 */
export const mailIdToken = (id: string) => encodeURIComponent(id).replace(/[!'()*.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Sends customer email; the outbox adapter keeps it on disk, the SMTP adapter hands it to a mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
