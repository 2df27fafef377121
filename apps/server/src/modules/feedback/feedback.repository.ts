import type { Db } from '../../platform/db/database.js';
import type { FeedbackTable } from '../../platform/db/schema.js';

/** Kysely queries for customers' feedback and its count per day. */
export function feedbackRepository(db: Db) {
  return {
    /** Counts one more for the customer's day in one upsert (each concurrent request sees its own total); earlier days go. */
    async count(customerId: string, day: string): Promise<number> {
      await db.deleteFrom('feedback_counts').where('customer_id', '=', customerId).where('day', '<', day).execute();
      const row = await db
        .insertInto('feedback_counts')
        .values({ customer_id: customerId, day, count: 1 })
        .onConflict((oc) => oc.columns(['customer_id', 'day']).doUpdateSet((eb) => ({ count: eb('feedback_counts.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async add(row: FeedbackTable): Promise<void> {
      await db.insertInto('feedback').values(row).execute();
    },

    /** The newest first, of one storefront where one is named. */
    latest(limit: number, channel?: string) {
      let query = db.selectFrom('feedback').selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (channel) query = query.where('channel', '=', channel);
      return query.execute();
    },

    /** An account's deletion takes its feedback: a comment may say anything about its writer. */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('feedback').where('customer_id', '=', customerId).execute();
      await db.deleteFrom('feedback_counts').where('customer_id', '=', customerId).execute();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
