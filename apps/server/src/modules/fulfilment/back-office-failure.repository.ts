import type { Db } from '../../platform/db/database.js';

/** Refused back-office credentials, counted per client address in fixed windows. */
export function backOfficeFailureRepository(db: Db) {
  return {
    /** Counts one more refusal in the window in a single upsert (each concurrent refusal sees its own count); older windows go. */
    async count(key: string, windowStart: string): Promise<number> {
      await db.deleteFrom('back_office_auth_failures').where('window_start', '<', windowStart).execute();
      const row = await db
        .insertInto('back_office_auth_failures')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('back_office_auth_failures.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async failuresIn(key: string, windowStart: string): Promise<number> {
      const row = await db.selectFrom('back_office_auth_failures').select('count').where('key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
export type BackOfficeFailureRepository = ReturnType<typeof backOfficeFailureRepository>;
