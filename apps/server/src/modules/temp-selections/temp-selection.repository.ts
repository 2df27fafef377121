import type { Db } from '../../platform/db/database.js';
import type { TempSelectionsTable } from '../../platform/db/schema.js';

export type TempSelectionRow = TempSelectionsTable;

/** Thrown inside the creating transaction to roll it back when the customer's live selections are at the cap. */
class CapReached extends Error {
  constructor(readonly oldestExpiresAt: string) {
    super('cap reached');
  }
}

export type CreateOutcome = { created: true } | { created: false; oldestExpiresAt: string };

export function tempSelectionRepository(db: Db) {
  return {
    /**
     * Records a selection unless the customer already holds `cap` live ones, in one transaction: taking the
     * customer's turn row first makes their creations count one at a time on both databases, so the cap
     * holds however many requests arrive at once. Their expired selections are deleted on the way.
     */
    async create(row: TempSelectionRow, cap: number): Promise<CreateOutcome> {
      try {
        return await db.transaction().execute(async (trx): Promise<CreateOutcome> => {
          await trx
            .insertInto('temp_selection_turns')
            .values({ customer_id: row.customer_id, last_created_at: row.created_at })
            .onConflict((oc) => oc.column('customer_id').doUpdateSet({ last_created_at: row.created_at }))
            .execute();
          await trx.deleteFrom('temp_selections').where('customer_id', '=', row.customer_id).where('expires_at', '<=', row.created_at).execute();
          const live = await trx
            .selectFrom('temp_selections')
            .select('expires_at')
            .where('customer_id', '=', row.customer_id)
            .orderBy('expires_at')
            .limit(cap)
            .execute();
          if (live.length >= cap) throw new CapReached(live[0]!.expires_at);
          await trx.insertInto('temp_selections').values(row).execute();
          return { created: true };
        });
      } catch (error) {
        if (error instanceof CapReached) return { created: false, oldestExpiresAt: error.oldestExpiresAt };
        throw error;
      }
    },

    /** The customer's selection while it lasts; another customer's, an expired or an unknown one is undefined alike. */
    findLive: (customerId: string, id: string, now: string) =>
      db
        .selectFrom('temp_selections')
        .selectAll()
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Deletes up to `limit` selections that expired before `now`; answers how many. */
    async deleteExpired(now: string, limit: number): Promise<number> {
      const ids = db.selectFrom('temp_selections').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(limit);
      const deleted = await db.deleteFrom('temp_selections').where('id', 'in', ids).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
export type TempSelectionRepository = ReturnType<typeof tempSelectionRepository>;
