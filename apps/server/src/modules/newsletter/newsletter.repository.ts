import type { Db } from '../../platform/db/database.js';
import type { NewsletterSubscriptionsTable } from '../../platform/db/schema.js';

export function newsletterRepository(db: Db) {
  return {
    find: (email: string) => db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst(),

    async savePending(row: Omit<NewsletterSubscriptionsTable, 'confirmed_at'>) {
      await db
        .insertInto('newsletter_subscriptions')
        .values({ ...row, confirmed_at: null })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({ channel: row.channel, token_hash: row.token_hash, requested_at: row.requested_at, expires_at: row.expires_at, confirmed_at: null }),
        )
        .execute();
    },

    async confirm(email: string, tokenHash: string, now: string) {
      const result = await db
        .updateTable('newsletter_subscriptions')
        .set({ confirmed_at: now })
        .where('email', '=', email)
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
