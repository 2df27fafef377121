import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { TooManyRequests } from '../http/errors.js';

/**
 * Mails one address may receive that somebody else asked for (a photo book share, an email change's
 * confirmation to the new address, a newsletter confirmation), across every such kind and whoever asks,
 * in sliding windows (decision 076): the protection of people who are not our customers.
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 5;
export const MAILS_PER_RECIPIENT_PER_DAY = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface RecipientLimit {
  /**
   * Counts one mail to `address`, or throws TooManyRequests (429, with the seconds until one more may go)
   * when the address has had its share. Answers how to give the mail back when it could not be sent.
   */
  reserve(address: string): Promise<() => Promise<void>>;
  /** Forgets recipients with no mail in the last day. */
  purge(): Promise<void>;
}

const recipientOf = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');

export function recipientLimit(db: Db, now: () => Date = () => new Date()): RecipientLimit {
  return {
    async reserve(address) {
      const recipient = recipientOf(address);
      const at = now();
      const id = randomUUID();
      const waitMs = await db.transaction().execute(async (tx) => {
        // The recipient's row, written first, is the lock: concurrent reservations for one address take turns.
        await tx
          .insertInto('mail_recipients')
          .values({ recipient, touched_at: at.toISOString() })
          .onConflict((oc) => oc.column('recipient').doUpdateSet({ touched_at: at.toISOString() }))
          .execute();
        const dayAgo = new Date(at.getTime() - DAY_MS).toISOString();
        await tx.deleteFrom('mail_recipient_sends').where('recipient', '=', recipient).where('sent_at', '<=', dayAgo).execute();
        const sent = (await tx.selectFrom('mail_recipient_sends').select('sent_at').where('recipient', '=', recipient).orderBy('sent_at').execute()).map((r) => Date.parse(r.sent_at));
        const lastHour = sent.filter((t) => t > at.getTime() - HOUR_MS);
        // Until the oldest mail that fills a window leaves it.
        if (lastHour.length >= MAILS_PER_RECIPIENT_PER_HOUR) return lastHour[lastHour.length - MAILS_PER_RECIPIENT_PER_HOUR]! + HOUR_MS - at.getTime();
        if (sent.length >= MAILS_PER_RECIPIENT_PER_DAY) return sent[sent.length - MAILS_PER_RECIPIENT_PER_DAY]! + DAY_MS - at.getTime();
        await tx.insertInto('mail_recipient_sends').values({ id, recipient, sent_at: at.toISOString() }).execute();
        return undefined;
      });
      if (waitMs !== undefined) throw new TooManyRequests('This address has been sent enough mail for now; please try again later', Math.max(1, Math.ceil(waitMs / 1000)));
      return async () => {
        await db.deleteFrom('mail_recipient_sends').where('id', '=', id).execute();
      };
    },

    async purge() {
      const dayAgo = new Date(now().getTime() - DAY_MS).toISOString();
      await db.deleteFrom('mail_recipient_sends').where('sent_at', '<=', dayAgo).execute();
      await db.deleteFrom('mail_recipients').where('touched_at', '<=', dayAgo).execute();
    },
  };
}
