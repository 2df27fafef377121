import { createHash, randomBytes } from 'node:crypto';
import {
  channelForHost,
  NEWSLETTER_CONFIRMATION_VALID_DAYS,
  NEWSLETTER_REQUESTS_PER_ADDRESS,
  NEWSLETTER_REQUESTS_PER_CLIENT,
  NEWSLETTER_THROTTLE_WINDOW_MINUTES,
} from '@shoebox/contracts';
import { badRequest, notFound, TooManyRequests } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RecipientLimit } from '../../platform/mail/recipient-limit.js';
import type { NewsletterRepository } from './newsletter.repository.js';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const WINDOW_MS = NEWSLETTER_THROTTLE_WINDOW_MINUTES * 60_000;

/** Newsletter double opt-in, as the email gateway does it: a request mails a link; the link confirms. */
export function newsletterService(repo: NewsletterRepository, mailer: Mailer, publicUrl: string, recipients: RecipientLimit, now: () => Date = () => new Date()) {
  /** Counted before anything else, for subscribed and unknown addresses alike, so the limit reveals nothing either. */
  async function throttle(email: string, client: string): Promise<void> {
    const at = now().getTime();
    const windowStart = Math.floor(at / WINDOW_MS) * WINDOW_MS;
    const [byAddress = 0, byClient = 0] = await repo.countRequests([`address:${email}`, `client:${client}`], new Date(windowStart).toISOString());
    if (byAddress > NEWSLETTER_REQUESTS_PER_ADDRESS || byClient > NEWSLETTER_REQUESTS_PER_CLIENT) {
      throw new TooManyRequests('Too many subscription requests; please try again later', Math.max(1, Math.ceil((windowStart + WINDOW_MS - at) / 1000)));
    }
  }

  return {
    /** `client` is the caller's address; requests are limited per email address and per client. */
    async requestSubscription(rawEmail: string, channelCode: string, client: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      await throttle(email, client);
      const existing = await repo.find(email);
      if (existing?.confirmed_at) return;
      // Anyone may ask for any address: the address itself is protected too (decision 076).
      const giveBack = await recipients.reserve(email);
      // A mail that did not go (the request or the mail server failed) is given back to the recipient's count.
      try {
        const token = randomBytes(24).toString('base64url');
        const requestedAt = now();
        await repo.savePending({
          email,
          channel: channelCode,
          token_hash: hash(token),
          requested_at: requestedAt.toISOString(),
          expires_at: new Date(requestedAt.getTime() + NEWSLETTER_CONFIRMATION_VALID_DAYS * 86_400_000).toISOString(),
        });
        const channel = channelForHost('', channelCode);
        const link = new URL('/subscription-confirmation', publicUrl);
        link.searchParams.set('confirmation-token', token);
        link.searchParams.set('email', email);
        link.searchParams.set('channel', channel.host);
        await mailer.send({ to: email, subject: 'Please confirm your newsletter subscription', text: `Confirm your subscription by opening this link:\n\n${link.href}\n\nThe link works for ${NEWSLETTER_CONFIRMATION_VALID_DAYS} days.` });
      } catch (err) {
        await giveBack();
        throw err;
      }
    },

    /** Confirming twice with the same link (a double click) succeeds twice and changes nothing more. */
    async confirm(rawEmail: string, token: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      if (await repo.confirm(email, hash(token), now().toISOString())) return;
      const row = await repo.find(email);
      // Only hashes are stored and compared: a stolen table does not confirm anyone.
      const sameToken = row?.token_hash === hash(token);
      if (sameToken && row.confirmed_at) return;
      if (sameToken && row.expires_at <= now().toISOString()) throw badRequest('This confirmation link has expired');
      throw notFound('No subscription waits for this confirmation');
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
