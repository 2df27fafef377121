import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { keysetPage } from '../../platform/db/keyset.js';
import type { UploadsTable } from '../../platform/db/schema.js';

export interface UploadLimits {
  photos: number;
  uploads: number;
  bytes: number;
  perWindow: number;
  windowStart: string;
}

export type UploadCreation = { outcome: 'created' | 'library_full' | 'too_many' | 'too_large' } | { outcome: 'too_fast'; oldestInWindow: string };

export function uploadRepository(db: Db) {
  return {
    /**
     * Records a new upload if the customer has room for it, every limit counted under the lock of the
     * customer's totals row so uploads started at once can never pass a limit together: the library with
     * its unfinished uploads below `limits.photos`, fewer than `limits.uploads` unfinished with their
     * declared bytes within `limits.bytes`, and fewer than `limits.perWindow` started since `limits.windowStart`
     * (then `oldestInWindow` says when the first of them leaves it).
     */
    create: (row: Pick<UploadsTable, 'id' | 'customer_id' | 'file_name' | 'album_id' | 'declared_bytes' | 'machine_id'>, limits: UploadLimits) =>
      db.transaction().execute(async (trx): Promise<UploadCreation> => {
        await trx.insertInto('unfinished_upload_totals').values({ customer_id: row.customer_id, uploads: 0, bytes: 0 }).onConflict((oc) => oc.column('customer_id').doNothing()).execute();
        // A write that changes nothing takes the row's lock on every database.
        await trx.updateTable('unfinished_upload_totals').set((eb) => ({ uploads: eb.ref('uploads') })).where('customer_id', '=', row.customer_id).execute();
        const totals = await trx.selectFrom('unfinished_upload_totals').select(['uploads', 'bytes']).where('customer_id', '=', row.customer_id).executeTakeFirstOrThrow();
        const unfinished = Number(totals.uploads);
        const library = await trx
          .selectFrom('photo_month_counts')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('count'), sql<number>`0`).as('n'))
          .where('customer_id', '=', row.customer_id)
          .where('sort_key', '=', 'created')
          .executeTakeFirstOrThrow();
        if (Number(library.n) + unfinished >= limits.photos) return { outcome: 'library_full' };
        if (unfinished >= limits.uploads) return { outcome: 'too_many' };
        if (Number(totals.bytes) + row.declared_bytes > limits.bytes) return { outcome: 'too_large' };
        const recent = await trx
          .selectFrom('uploads')
          .select('created_at')
          .where('customer_id', '=', row.customer_id)
          .where('created_at', '>', limits.windowStart)
          .orderBy('created_at', 'desc')
          .limit(limits.perWindow)
          .execute();
        if (recent.length >= limits.perWindow) return { outcome: 'too_fast', oldestInWindow: recent[recent.length - 1]!.created_at };
        await trx
          .updateTable('unfinished_upload_totals')
          .set({ uploads: sql`uploads + 1`, bytes: sql`bytes + ${row.declared_bytes}` })
          .where('customer_id', '=', row.customer_id)
          .execute();
        await trx.insertInto('uploads').values({ ...row, status: 'receiving', photo_id: null, error: null, duplicate: 0, created_at: new Date().toISOString(), finished_at: null }).execute();
        return { outcome: 'created' };
      }),
    /** A customer's unfinished uploads: the places they hold. */
    unfinishedOf: (customerId: string) =>
      db.selectFrom('uploads').select(['id', 'declared_bytes', 'machine_id', 'created_at']).where('customer_id', '=', customerId).where('status', 'in', ['receiving', 'ingesting']).execute(),
    find: (id: string) => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst(),
    async markIngesting(id: string) {
      await db.updateTable('uploads').set({ status: 'ingesting' }).where('id', '=', id).where('status', '=', 'receiving').execute();
    },
    /** Ends an unfinished upload (done, refused, cancelled, expired) and frees its place, once. */
    finish: (id: string, status: 'done' | 'rejected', extra: Partial<Pick<UploadsTable, 'photo_id' | 'error' | 'duplicate'>> = {}) =>
      db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('uploads')
          .set({ status, ...extra, finished_at: new Date().toISOString() })
          .where('id', '=', id)
          .where('status', 'in', ['receiving', 'ingesting'])
          .returning(['customer_id', 'declared_bytes'])
          .executeTakeFirst();
        if (!ended) return;
        await trx
          .updateTable('unfinished_upload_totals')
          .set({ uploads: sql`uploads - 1`, bytes: sql`bytes - ${ended.declared_bytes}` })
          .where('customer_id', '=', ended.customer_id)
          .execute();
      }),
    /**
     * Unfinished uploads created before `olderThan` that one machine is to judge, a page at a time after
     * `after` (created_at, id): its own, those from before machines had ids, and any created before
     * `othersBefore`.
     */
    unfinishedFor(machineId: string, o: { olderThan: string; othersBefore: string }, after: { createdAt: string; id: string } | undefined, limit: number) {
      const q = db
        .selectFrom('uploads')
        .selectAll()
        .where('status', 'in', ['receiving', 'ingesting'])
        .where('created_at', '<', o.olderThan)
        .where((eb) => eb.or([eb('machine_id', '=', machineId), eb('machine_id', 'is', null), eb('created_at', '<', o.othersBefore)]));
      return keysetPage(q, { value: 'created_at', id: 'id' }, 'asc', after && { value: after.createdAt, id: after.id }, limit).execute();
    },
    async deleteFinishedBefore(createdBefore: string) {
      await db.deleteFrom('uploads').where('created_at', '<', createdBefore).where('status', 'in', ['done', 'rejected']).execute();
    },
  };
}
export type UploadRepository = ReturnType<typeof uploadRepository>;
