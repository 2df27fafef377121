import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { GalleryEntriesTable } from '../../platform/db/schema.js';

export type GalleryEntryRow = Selectable<GalleryEntriesTable>;

export function galleryRepository(db: Db) {
  const own = (customerId: string, id: string, channel: string) =>
    db.selectFrom('gallery_entries').selectAll().where('id', '=', id).where('customer_id', '=', customerId).where('channel', '=', channel);

  return {
    find: (customerId: string, id: string, channel: string) => own(customerId, id, channel).executeTakeFirst(),

    /**
     * The new entry; 'exists' when the book has one already (the unique book id decides between two at
     * once); 'gone' when the customer's book is not there. The book's row is locked first (a no-op update),
     * so a delete of the book at the same moment runs wholly before or after and never misses the entry.
     */
    create: (row: GalleryEntryRow): Promise<GalleryEntryRow | 'exists' | 'gone'> =>
      db.transaction().execute(async (trx) => {
        const locked = await trx.updateTable('widgets').set((eb) => ({ id: eb.ref('id') })).where('id', '=', row.widget_id).where('customer_id', '=', row.customer_id).executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) return 'gone';
        const created = await trx.insertInto('gallery_entries').values(row).onConflict((oc) => oc.column('widget_id').doNothing()).returningAll().executeTakeFirst();
        return created ?? 'exists';
      }),

    update: (customerId: string, id: string, channel: string, change: Pick<GalleryEntryRow, 'category_id' | 'title' | 'updated_at'>) =>
      db.updateTable('gallery_entries').set(change).where('id', '=', id).where('customer_id', '=', customerId).where('channel', '=', channel).returningAll().executeTakeFirst(),

    async delete(customerId: string, id: string, channel: string): Promise<boolean> {
      const gone = await db.deleteFrom('gallery_entries').where('id', '=', id).where('customer_id', '=', customerId).where('channel', '=', channel).returning('id').executeTakeFirst();
      return gone !== undefined;
    },

    async isBlocked(orderCode: string): Promise<boolean> {
      return (await db.selectFrom('blocked_orders').select('order_code').where('order_code', '=', orderCode).executeTakeFirst()) !== undefined;
    },

    /** Blocks an order's books from the gallery (the back office's and the demo's); blocking twice is blocking once. */
    async block(orderCode: string, reason: string, at: string): Promise<void> {
      await db.insertInto('blocked_orders').values({ order_code: orderCode, reason, blocked_at: at }).onConflict((oc) => oc.column('order_code').doNothing()).execute();
    },
  };
}
export type GalleryRepository = ReturnType<typeof galleryRepository>;
