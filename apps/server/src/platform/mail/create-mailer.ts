import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { outboxMailer, type StoredMail } from './outbox-mailer.js';
import { smtpMailer } from './smtp-mailer.js';

/** The mailer the config names; the outbox's also with its list, for the development mailbox. */
export async function createMailer(config: Pick<Config, 'mail' | 'mailFrom'>): Promise<{ mailer: Mailer; outbox?: (limit: number) => Promise<StoredMail[]> }> {
  if (config.mail.kind === 'outbox') {
    const outbox = outboxMailer(config.mail.dir, config.mailFrom);
    return { mailer: outbox, outbox: outbox.list };
  }
  return { mailer: await smtpMailer(config.mail.url, config.mailFrom) };
}
