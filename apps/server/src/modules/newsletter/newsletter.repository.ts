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

    /**
     * Counts one more request under each key in the window and answers the new counts. One upsert per
     * key, so concurrent requests each see a distinct count on both databases; earlier windows go.
     */
    async countRequests(keys: string[], windowStart: string): Promise<number[]> {
      await db.deleteFrom('newsletter_requests').where('window_start', '<', windowStart).execute();
      const counts: number[] = [];
      for (const key of keys) {
        const row = await db
          .insertInto('newsletter_requests')
          .values({ key, window_start: windowStart, count: 1 })
          .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('newsletter_requests.count', '+', 1) })))
          .returning('count')
          .executeTakeFirstOrThrow();
        counts.push(Number(row.count));
      }
      return counts;
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
