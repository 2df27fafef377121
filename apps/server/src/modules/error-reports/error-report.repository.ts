import type { Db } from '../../platform/db/database.js';
import type { ErrorReportsTable } from '../../platform/db/schema.js';

/** Kysely queries for the browser's error reports and their counts per window. */
export function errorReportRepository(db: Db) {
  return {
    /**
     * Adds `n` reports to `key`'s count in the window in one upsert, so concurrent requests each see their own
     * total; older windows go first. Answers the count with them.
     */
    async count(key: string, windowStart: string, n: number): Promise<number> {
      await db.deleteFrom('error_report_counts').where('window_start', '<', windowStart).execute();
      const row = await db
        .insertInto('error_report_counts')
        .values({ key, window_start: windowStart, count: n })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('error_report_counts.count', '+', n) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async add(rows: ErrorReportsTable[]): Promise<void> {
      await db.insertInto('error_reports').values(rows).execute();
    },

    /** Keeps the newest `keep` reports received since `since`. */
    async prune(keep: number, since: string): Promise<void> {
      await db.deleteFrom('error_reports').where('received_at', '<', since).execute();
      const oldestKept = await db.selectFrom('error_reports').select(['received_at', 'id']).orderBy('received_at', 'desc').orderBy('id', 'desc').offset(keep - 1).limit(1).executeTakeFirst();
      if (!oldestKept) return;
      await db
        .deleteFrom('error_reports')
        .where((eb) => eb.or([eb('received_at', '<', oldestKept.received_at), eb.and([eb('received_at', '=', oldestKept.received_at), eb('id', '<', oldestKept.id)])]))
        .execute();
    },

    /** An account's deletion takes the reports its browser sent while signed in: their pages name its photos and albums. */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('error_reports').where('customer_id', '=', customerId).execute();
    },

    /** The newest reports first, of one customer where one is named. */
    latest(limit: number, customerId?: string) {
      let query = db.selectFrom('error_reports').selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (customerId) query = query.where('customer_id', '=', customerId);
      return query.execute();
    },
  };
}
export type ErrorReportRepository = ReturnType<typeof errorReportRepository>;
