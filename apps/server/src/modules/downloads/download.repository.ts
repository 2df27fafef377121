import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { DownloadsTable } from '../../platform/db/schema.js';

export type DownloadRow = DownloadsTable;

/**
 * Why a new archive was not recorded: its id was taken first, a live archive of the same selection exists
 * ('identical'), or one of the customer's caps is reached: archives in the making ('pending'), archives kept
 * (in the making or ready and not yet expired, 'kept') or their bytes ('bytes').
 */
export type CreateOutcome =
  | { created: true }
  | { created: false; existing: DownloadRow }
  | { created: false; identical: DownloadRow }
  | { created: false; full: 'pending' | 'kept' | 'bytes' };

/** What one customer may have at once: archives in the making, archives kept, and the bytes of those kept. */
export interface DownloadCaps {
  pending: number;
  kept: number;
  bytes: number;
}

/** Thrown inside the creating transaction to roll its row back when it is not to be kept. */
class NotCreated extends Error {
  constructor(readonly outcome: Exclude<CreateOutcome, { created: true } | { existing: DownloadRow }>) {
    super('not created');
  }
}

export function downloadRepository(db: Db) {
  const find = (id: string) => db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirst();

  /** Ends a pending archive as `changes` say and frees its place under the cap; false when it was no longer pending. */
  const finish = (id: string, changes: Partial<DownloadRow>) =>
    db.transaction().execute(async (trx) => {
      const ended = await trx.updateTable('downloads').set(changes).where('id', '=', id).where('state', '=', 'pending').returning('customer_id').executeTakeFirst();
      if (!ended) return false;
      await trx
        .updateTable('download_pending_totals')
        .set({ pending: sql<number>`pending - 1` })
        .where('customer_id', '=', ended.customer_id)
        .where('pending', '>', 0)
        .execute();
      return true;
    });

  return {
    find,

    /**
     * Records a new pending archive and takes one of the customer's places, in one transaction: the row's
     * key makes identical requests at once record one row (the later one waits, then finds it), and the
     * count's row, updated only while under `caps.pending`, makes that cap hold however many requests arrive
     * at once. Everything else is read after that row is taken, so one customer's requests are judged one at a
     * time: a live archive of the same selection is answered instead, and the archives kept and their bytes
     * (the zip's size once made, the originals' before) must stay within their caps.
     */
    async create(row: DownloadRow, caps: DownloadCaps): Promise<CreateOutcome> {
      try {
        return await db.transaction().execute(async (trx): Promise<CreateOutcome> => {
          const inserted = await trx.insertInto('downloads').values(row).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
          if (!inserted) {
            const existing = await trx.selectFrom('downloads').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
            return { created: false, existing };
          }
          const counted = await trx
            .insertInto('download_pending_totals')
            .values({ customer_id: row.customer_id, pending: 1 })
            .onConflict((oc) =>
              oc
                .column('customer_id')
                .doUpdateSet({ pending: sql<number>`download_pending_totals.pending + 1` })
                .where('download_pending_totals.pending', '<', caps.pending),
            )
            .returning('pending')
            .executeTakeFirst();
          if (!counted) throw new NotCreated({ created: false, full: 'pending' });
          const live = trx
            .selectFrom('downloads')
            .where('customer_id', '=', row.customer_id)
            .where('id', '!=', row.id)
            .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'ready'), eb('expires_at', '>', row.created_at)])]));
          if (row.selection !== null) {
            const identical = await live.selectAll().where('selection', '=', row.selection).orderBy('created_at', 'desc').executeTakeFirst();
            if (identical) throw new NotCreated({ created: false, identical });
          }
          const kept = await live
            .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>(eb.fn.coalesce('size', 'planned_bytes', sql<number>`0`)).as('bytes')])
            .executeTakeFirstOrThrow();
          if (Number(kept.n) + 1 > caps.kept) throw new NotCreated({ created: false, full: 'kept' });
          if (Number(kept.bytes ?? 0) + Number(row.planned_bytes ?? 0) > caps.bytes) throw new NotCreated({ created: false, full: 'bytes' });
          return { created: true };
        });
      } catch (error) {
        if (error instanceof NotCreated) return error.outcome;
        throw error;
      }
    },

    /** The customer's archives, newest first. */
    listFor: (customerId: string, limit: number) =>
      db.selectFrom('downloads').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

    markReady: (id: string, done: { size: number; leftOut: number; finishedAt: string; expiresAt: string }) =>
      finish(id, { state: 'ready', size: done.size, left_out: done.leftOut, finished_at: done.finishedAt, expires_at: done.expiresAt, error: null }),

    markFailed: (id: string, code: string, finishedAt: string) => finish(id, { state: 'failed', error: code, finished_at: finishedAt }),

    /** Ready archives whose time ran out before `now`, oldest first. */
    expiredReady: (now: string, limit: number) =>
      db.selectFrom('downloads').select(['id', 'customer_id']).where('state', '=', 'ready').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute(),

    /** Kept for the list once its bytes are gone. */
    async markExpired(id: string) {
      await db.updateTable('downloads').set({ state: 'expired' }).where('id', '=', id).where('state', '=', 'ready').execute();
    },

    /** The ids of the customer's archives, for removing their files before their rows. */
    idsOf: async (customerId: string) => (await db.selectFrom('downloads').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id),

    /**
     * Removes every archive of the customer, their places under the cap and their jobs still waiting, in one
     * transaction; answers the removed rows, whose bytes the caller deletes next. A running job is left to its
     * runner: it finds its row gone when it ends and removes what it wrote.
     */
    deleteAllOf: (customerId: string, jobKind: string) =>
      db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('downloads').select(['id', 'customer_id']).where('customer_id', '=', customerId).execute();
        const theirs = trx.selectFrom('downloads').select('id').where('customer_id', '=', customerId);
        await trx.deleteFrom('jobs').where('kind', '=', jobKind).where('id', 'in', theirs).where('state', '!=', 'running').execute();
        await trx.deleteFrom('downloads').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('download_pending_totals').where('customer_id', '=', customerId).execute();
        return rows;
      }),

    /** Pending archives asked for before `before`: their job is asked for again in case it was never stored. */
    pendingSince: (before: string, limit: number) =>
      db.selectFrom('downloads').select('id').where('state', '=', 'pending').where('created_at', '<', before).orderBy('created_at').limit(limit).execute(),
  };
}
export type DownloadRepository = ReturnType<typeof downloadRepository>;
