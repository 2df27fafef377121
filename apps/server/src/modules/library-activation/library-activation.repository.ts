import type { ActivationStatus } from '@shoebox/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Database, LegacyPhotosTable } from '../../platform/db/schema.js';

export interface ImportCounts {
  imported: number;
  total: number;
  failed: number;
}

/** Queries of library activation: each library's status and import, and the legacy photos it brings. */
export function libraryActivationRepository(db: Db) {
  /** Moves the import's library from one status to another; false when it is not in `from` under this import. */
  async function move(customerId: string, importId: string, from: ActivationStatus, to: ActivationStatus, finishedAt: string | null): Promise<boolean> {
    const result = await db
      .updateTable('library_activations')
      .set({ status: to, finished_at: finishedAt })
      .where('customer_id', '=', customerId)
      .where('import_id', '=', importId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    /** The library's status; undefined for a library that was always active (no row). */
    async statusOf(customerId: string): Promise<ActivationStatus | undefined> {
      const row = await db.selectFrom('library_activations').select('status').where('customer_id', '=', customerId).executeTakeFirst();
      return row?.status;
    },

    /** NOT_ACTIVE → IMPORTING under a new import, in one conditional update: of two at once, one moves it. */
    async startImport(customerId: string, importId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('library_activations')
        .set({ status: 'IMPORTING', import_id: importId, started_at: at, finished_at: null })
        .where('customer_id', '=', customerId)
        .where('status', '=', 'NOT_ACTIVE')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    isImporting: async (customerId: string, importId: string) =>
      Boolean(
        await db
          .selectFrom('library_activations')
          .select('customer_id')
          .where('customer_id', '=', customerId)
          .where('import_id', '=', importId)
          .where('status', '=', 'IMPORTING')
          .executeTakeFirst(),
      ),

    /** Every import under way, on any machine. */
    importing: () => db.selectFrom('library_activations').select(['customer_id', 'import_id']).where('status', '=', 'IMPORTING').execute(),

    finishImport: (customerId: string, importId: string, at: string) => move(customerId, importId, 'IMPORTING', 'ACTIVE', at),

    /** The import was given up: the library can be activated again, and continues where this one stopped. */
    abandonImport: (customerId: string, importId: string) => move(customerId, importId, 'IMPORTING', 'NOT_ACTIVE', null),

    async counts(customerId: string): Promise<ImportCounts> {
      const rows = await db
        .selectFrom('legacy_photos')
        .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('customer_id', '=', customerId)
        .groupBy('state')
        .execute();
      const of = (state: LegacyPhotosTable['state']) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      return { imported: of('imported'), failed: of('failed'), total: of('pending') + of('imported') + of('failed') };
    },

    /** The next legacy photos still to import, oldest upload first. */
    pending: (customerId: string, limit: number) =>
      db
        .selectFrom('legacy_photos')
        .select(['id', 'file_name', 'uploaded_at'])
        .where('customer_id', '=', customerId)
        .where('state', '=', 'pending')
        .orderBy('uploaded_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Records the photo made of a legacy photo; `trx` is the photo row's own transaction when the photo is new. */
    async markImported(legacyPhotoId: string, photoId: string, at: string, trx: Transaction<Database> | Db = db): Promise<void> {
      await trx.updateTable('legacy_photos').set({ state: 'imported', photo_id: photoId, done_at: at }).where('id', '=', legacyPhotoId).where('state', '=', 'pending').execute();
    },

    async markFailed(legacyPhotoId: string, failure: string, at: string): Promise<void> {
      await db.updateTable('legacy_photos').set({ state: 'failed', failure, done_at: at }).where('id', '=', legacyPhotoId).where('state', '=', 'pending').execute();
    },

    /**
     * Records an account's legacy photos (their bytes already stored); a library with no status yet
     * becomes NOT_ACTIVE. With `onlyIfNew`, nothing is recorded for an account that already has a
     * status, decided in the same transaction, so two servers seeding one new database add them once.
     * Answers whether the photos were recorded.
     */
    addLegacyPhotos: (customerId: string, rows: Omit<LegacyPhotosTable, 'customer_id' | 'state' | 'photo_id' | 'failure' | 'done_at'>[], o: { onlyIfNew?: boolean } = {}) =>
      db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('library_activations')
          .values({ customer_id: customerId, status: 'NOT_ACTIVE', import_id: null, started_at: null, finished_at: null })
          .onConflict((oc) => oc.column('customer_id').doNothing())
          .returning('customer_id')
          .executeTakeFirst();
        if (o.onlyIfNew && !created) return false;
        if (rows.length) {
          await trx
            .insertInto('legacy_photos')
            .values(rows.map((r) => ({ ...r, customer_id: customerId, state: 'pending' as const, photo_id: null, failure: null, done_at: null })))
            .execute();
        }
        return true;
      }),
  };
}
export type LibraryActivationRepository = ReturnType<typeof libraryActivationRepository>;
