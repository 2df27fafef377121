import type { Selectable } from 'kysely';
import { PRINT_ARTICLES, type ProductFilePurpose } from '@shoebox/contracts';
import type { Db } from '../../platform/db/database.js';
import type { ProductFilesTable } from '../../platform/db/schema.js';

export type ProductFileRow = Selectable<ProductFilesTable>;
/** A file with the product and order it belongs to, as the PDF list shows it. */
export type ProductFileListRow = ProductFileRow & { order_code: string; title: string; article_name: string };

/** The product files' rows (decision 113): one per product and purpose, made pending, then ready or failed once. */
export function productFileRepository(db: Db) {
  const withProduct = () =>
    db
      .selectFrom('product_files as f')
      .innerJoin('order_products as p', 'p.code', 'f.product_code')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .selectAll('f')
      .select(['o.order_code', 'p.title', 'p.article_name']);

  return {
    /** Records the files to make, pending; a product's file already recorded is left as it is. Answers every one of them, new or not. */
    async ensure(rows: ProductFileRow[]): Promise<ProductFileRow[]> {
      if (!rows.length) return [];
      await db
        .insertInto('product_files')
        .values(rows)
        .onConflict((oc) => oc.columns(['product_code', 'purpose']).doNothing())
        .execute();
      return db.selectFrom('product_files').selectAll().where('product_code', 'in', rows.map((r) => r.product_code)).execute();
    },

    find: (id: string) => db.selectFrom('product_files').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A file of the customer's, with its product and order; undefined for anyone else's. */
    own: (customerId: string, id: string) => withProduct().where('f.id', '=', id).where('f.customer_id', '=', customerId).executeTakeFirst(),

    /** A product's files, by purpose. */
    ofProduct: (productCode: string) => db.selectFrom('product_files').selectAll().where('product_code', '=', productCode).orderBy('purpose').execute(),

    /** A page of the customer's files, newest first, and how many there are. */
    async page(customerId: string, o: { offset: number; limit: number }): Promise<{ rows: ProductFileListRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        withProduct().where('f.customer_id', '=', customerId).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(o.limit).offset(o.offset).execute(),
        db
          .selectFrom('product_files')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.n) };
    },

    /** Made: only a pending file becomes ready, so a second run of a finished job changes nothing. */
    async markReady(id: string, o: { bytes: number; pages: number; leftOut: number; finishedAt: string }): Promise<boolean> {
      const result = await db
        .updateTable('product_files')
        .set({ state: 'ready', bytes: o.bytes, pages: o.pages, left_out: o.leftOut, finished_at: o.finishedAt, failure: null })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(id: string, failure: string, finishedAt: string): Promise<boolean> {
      const result = await db.updateTable('product_files').set({ state: 'failed', failure, finished_at: finishedAt }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Files still pending that were recorded before `before`: their job is asked for again, in case it was never stored. */
    pendingSince: (before: string, limit: number) =>
      db.selectFrom('product_files').select(['id', 'product_code']).where('state', '=', 'pending').where('created_at', '<', before).orderBy('created_at').limit(limit).execute(),

    /**
     * Orders placed since `since` with a product that prints photos and has no file recorded: a placing stopped
     * between its order's commit and asking for its files (decision 113).
     */
    ordersWithoutFiles: async (since: string, limit: number): Promise<string[]> =>
      (
        await db
          .selectFrom('order_products as p')
          .select('p.order_id')
          .distinct()
          .where('p.created_at', '>=', since)
          .where('p.article_name', 'in', Object.values(PRINT_ARTICLES))
          .where((eb) => eb.exists(eb.selectFrom('order_product_photos as pp').select('pp.position').whereRef('pp.product_code', '=', 'p.code')))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('product_files as f').select('f.id').whereRef('f.product_code', '=', 'p.code'))))
          .limit(limit)
          .execute()
      ).map((r) => r.order_id),

    /** Every file row of the customer's: what an account deletion erases (their bytes go with the customer's blob folder). */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('product_files').where('customer_id', '=', customerId).execute();
    },
  };
}
export type ProductFileRepository = ReturnType<typeof productFileRepository>;

export const PRINT_FILE: ProductFilePurpose = 'product.pdf';
