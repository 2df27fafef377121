import type { SortKey, SortOrder } from '@shoebox/contracts';
import { sql, type Transaction } from 'kysely';
import { photoBlobPrefix, photoBlobPrefixSql } from '../../platform/blobs/photo-blob-keys.js';
import type { Db } from '../../platform/db/database.js';
import { keysetPage, type Cursor } from '../../platform/db/keyset.js';
import type { Database, PhotosTable } from '../../platform/db/schema.js';

const COLUMNS = {
  dateTaken: { month: 'taken_month', value: 'date_taken' },
  created: { month: 'upload_month', value: 'uploaded_at' },
} as const satisfies Record<SortKey, { month: keyof PhotosTable; value: keyof PhotosTable }>;

const ORIGINAL_COLUMNS = ['id', 'customer_id', 'original_name', 'mime', 'bytes'] as const;

/** Every change to a library moves its version on, in the same transaction. */
async function bumpVersion(trx: Transaction<Database>, customerId: string) {
  await trx
    .insertInto('photo_library_versions')
    .values({ customer_id: customerId, version: 1 })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ version: sql<number>`photo_library_versions.version + 1` }))
    .execute();
}

async function adjustCounts(trx: Transaction<Database>, customerId: string, rows: Pick<PhotosTable, 'taken_month' | 'upload_month'>[], delta: 1 | -1) {
  const changes = new Map<string, number>();
  for (const row of rows) {
    for (const [sortKey, month] of [['dateTaken', row.taken_month], ['created', row.upload_month]] as const) {
      const key = `${sortKey}|${month}`;
      changes.set(key, (changes.get(key) ?? 0) + delta);
    }
  }
  for (const [key, change] of changes) {
    const [sortKey, month] = key.split('|') as [SortKey, string];
    await trx
      .insertInto('photo_month_counts')
      .values({ customer_id: customerId, sort_key: sortKey, month, count: change })
      .onConflict((oc) => oc.columns(['customer_id', 'sort_key', 'month']).doUpdateSet({ count: sql<number>`photo_month_counts.count + ${change}` }))
      .execute();
  }
  await trx.deleteFrom('photo_month_counts').where('customer_id', '=', customerId).where('count', '<=', 0).execute();
  await bumpVersion(trx, customerId);
}

export function photoRepository(db: Db) {
  // Read on every timeline call: compiled once, then only its parameter changes.
  const versionQuery = db.selectFrom('photo_library_versions').select('version').where('customer_id', '=', '').compile();

  const page = (customerId: string, sortKey: SortKey, sortOrder: SortOrder, cursor: Cursor | undefined, limit: number) => {
    const c = COLUMNS[sortKey];
    // Ordering by the month first lets the (customer, month, value, id) index serve the whole list too.
    const query = db.selectFrom('photos').selectAll().where('customer_id', '=', customerId).orderBy(c.month, sortOrder);
    return keysetPage(query, { value: c.value, id: 'id' }, sortOrder, cursor, limit);
  };

  return {
    monthPage: (customerId: string, sortKey: SortKey, sortOrder: SortOrder, month: string, cursor: Cursor | undefined, limit: number) =>
      page(customerId, sortKey, sortOrder, cursor, limit).where(COLUMNS[sortKey].month, '=', month).execute(),

    listPage: (customerId: string, sortKey: SortKey, sortOrder: SortOrder, cursor: Cursor | undefined, limit: number) =>
      page(customerId, sortKey, sortOrder, cursor, limit).execute(),

    /** One of the customer's photos by id (the primary key); another customer's is not found. */
    findOwned: (customerId: string, id: string) => db.selectFrom('photos').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst(),

    /** The nearest month with photos above (`up`) or below `month` for a sort key; answered from the counts' primary key (customer, sort key, month). */
    async adjacentMonth(customerId: string, sortKey: SortKey, month: string, direction: 'up' | 'down'): Promise<string | undefined> {
      const row = await db
        .selectFrom('photo_month_counts')
        .select('month')
        .where('customer_id', '=', customerId)
        .where('sort_key', '=', sortKey)
        .where('month', direction === 'up' ? '>' : '<', month)
        .where('count', '>', 0)
        .orderBy('month', direction === 'up' ? 'asc' : 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.month;
    },

    monthCounts: (customerId: string, sortKey: SortKey) =>
      db.selectFrom('photo_month_counts').select(['month', 'count']).where('customer_id', '=', customerId).where('sort_key', '=', sortKey).where('count', '>', 0).execute(),

    async libraryVersion(customerId: string): Promise<number> {
      const { rows } = await db.executeQuery<{ version: number }>({ ...versionQuery, parameters: [customerId] });
      return Number(rows[0]?.version ?? 0);
    },

    async photoCount(customerId: string): Promise<number> {
      const row = await db
        .selectFrom('photo_month_counts')
        .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
        .where('customer_id', '=', customerId)
        .where('sort_key', '=', 'dateTaken')
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Those of the ids that are the customer's photos, with what reading their original needs. */
    originals: (customerId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('photos').select(ORIGINAL_COLUMNS).where('customer_id', '=', customerId).where('id', 'in', ids).execute(),

    /** Those of the ids that are the customer's photos, with their renditions. */
    renditionsOf: (customerId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('photos').select(['id', 'customer_id', 'renditions']).where('customer_id', '=', customerId).where('id', 'in', ids).execute(),

    /** The customer's photos after the id `after` in id order, `limit` of them: a whole library walked in pages (index customer_id, id). */
    originalsAfter: (customerId: string, after: string | null, limit: number) =>
      db
        .selectFrom('photos')
        .select(ORIGINAL_COLUMNS)
        .where('customer_id', '=', customerId)
        .$if(after !== null, (q) => q.where('id', '>', after as string))
        .orderBy('id')
        .limit(limit)
        .execute(),

    findByChecksum: (customerId: string, checksum: string) =>
      db.selectFrom('photos').select(['id', 'upload_id']).where('customer_id', '=', customerId).where('checksum', '=', checksum).executeTakeFirst(),

    /**
     * Inserts the photo and counts it; false when the customer already has a photo with these bytes.
     * `intent` is the blob intent its files were written under: it is cleared with the row, in one transaction.
     * `alsoInTransaction` is the caller's record of the photo, written in that transaction too.
     */
    insert: (row: PhotosTable, intent?: string, alsoInTransaction?: (trx: Transaction<Database>, photoId: string) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const result = await trx.insertInto('photos').values(row).onConflict((oc) => oc.columns(['customer_id', 'checksum']).doNothing()).executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await adjustCounts(trx, row.customer_id, [row], 1);
        if (intent) await trx.deleteFrom('photo_blob_intents').where('prefix', '=', intent).execute();
        if (alsoInTransaction) await alsoInTransaction(trx, row.id);
        return true;
      }),

    /** Names a prefix about to receive a photo's files, before any is written. */
    async recordBlobIntent(prefix: string) {
      await db.insertInto('photo_blob_intents').values({ prefix, started_at: new Date().toISOString() }).execute();
    },

    async clearBlobIntent(prefix: string) {
      await db.deleteFrom('photo_blob_intents').where('prefix', '=', prefix).execute();
    },

    /** Intents started before `before` whose photo row never arrived. */
    staleBlobIntents: (before: string, limit: number) =>
      db.selectFrom('photo_blob_intents').select('prefix').where('started_at', '<', before).orderBy('started_at').limit(limit).execute(),

    /** Deletes those of the ids that are the customer's own; answers the ids deleted. Bytes follow via blob_deletions. */
    /**
     * `guard` runs first in the same transaction: when it answers false nothing is deleted (the caller's
     * condition, checked under its own locks, no longer holds).
     */
    deleteOwned: (customerId: string, ids: string[], guard?: (trx: Transaction<Database>) => Promise<boolean>) =>
      db.transaction().execute(async (trx) => {
        if (guard && !(await guard(trx))) return [];
        // Counted from the rows this statement deleted: a concurrent delete of the same photo counts it once.
        const rows = await trx.deleteFrom('photos').where('customer_id', '=', customerId).where('id', 'in', ids).returning(['id', 'taken_month', 'upload_month']).execute();
        if (rows.length === 0) return [];
        const deleted = rows.map((r) => r.id);
        await adjustCounts(trx, customerId, rows, -1);
        const now = new Date().toISOString();
        await trx
          .insertInto('blob_deletions')
          .values(deleted.map((id) => ({ prefix: photoBlobPrefix(customerId, id), requested_at: now })))
          .onConflict((oc) => oc.column('prefix').doNothing())
          .execute();
        return deleted;
      }),

    /** Deletes every photo of the customer in one transaction; answers how many. */
    deleteAll: (customerId: string) =>
      db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('blob_deletions')
          .columns(['prefix', 'requested_at'])
          .expression((eb) =>
            eb
              .selectFrom('photos')
              .select([photoBlobPrefixSql().as('prefix'), sql<string>`${now}`.as('requested_at')])
              .where('customer_id', '=', customerId),
          )
          .onConflict((oc) => oc.column('prefix').doNothing())
          .execute();
        const result = await trx.deleteFrom('photos').where('customer_id', '=', customerId).executeTakeFirst();
        await trx.deleteFrom('photo_month_counts').where('customer_id', '=', customerId).execute();
        await bumpVersion(trx, customerId);
        return Number(result.numDeletedRows);
      }),

    pendingBlobDeletions: (limit: number) => db.selectFrom('blob_deletions').select('prefix').orderBy('requested_at').limit(limit).execute(),

    async blobDeletionsDone(prefixes: string[]) {
      if (prefixes.length) await db.deleteFrom('blob_deletions').where('prefix', 'in', prefixes).execute();
    },
  };
}
export type PhotoRepository = ReturnType<typeof photoRepository>;
