import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { PhotosTable, WidgetPagesTable, WidgetSharesTable, WidgetsTable } from '../../platform/db/schema.js';

export type WidgetRow = Selectable<WidgetsTable> & { page_count: number; gallery_entry_id: string | null };
export type ShareRow = Selectable<WidgetSharesTable>;
export interface PageInput {
  caption: string | null;
  photoIds: string[];
}

export function widgetRepository(db: Db) {
  /** Books with their page count and gallery entry, in one statement. */
  const books = () =>
    db
      .selectFrom('widgets')
      .leftJoin('gallery_entries', 'gallery_entries.widget_id', 'widgets.id')
      .selectAll('widgets')
      .select((eb) => [
        'gallery_entries.id as gallery_entry_id',
        eb.selectFrom('widget_pages').select((p) => p.fn.countAll<number | string>().as('n')).whereRef('widget_pages.widget_id', '=', 'widgets.id').as('page_count'),
      ]);
  const normalized = <T extends { page_count: number | string | null }>(row: T) => ({ ...row, page_count: Number(row.page_count ?? 0) });

  return {
    /** A new book and its pages, together. */
    async insert(widget: Selectable<WidgetsTable>, pages: PageInput[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('widgets').values(widget).execute();
        if (pages.length) {
          await trx
            .insertInto('widget_pages')
            .values(pages.map((p, position) => ({ widget_id: widget.id, position, caption: p.caption, photo_ids: JSON.stringify(p.photoIds) })))
            .execute();
        }
      });
    },

    /** One page of the customer's books, newest first (ties by id, so pages never overlap), and how many they have. */
    async page(customerId: string, offset: number, limit: number): Promise<{ rows: WidgetRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        books().where('widgets.customer_id', '=', customerId).orderBy('widgets.created_at', 'desc').orderBy('widgets.id', 'desc').limit(limit).offset(offset).execute(),
        db.selectFrom('widgets').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(normalized), total: Number(counted.n) };
    },

    async ofOrders(customerId: string, orderCodes: string[]): Promise<WidgetRow[]> {
      const rows = await books().where('widgets.customer_id', '=', customerId).where('widgets.product_code', 'in', orderCodes).orderBy('widgets.created_at', 'desc').orderBy('widgets.id', 'desc').execute();
      return rows.map(normalized);
    },

    async find(customerId: string, id: string): Promise<WidgetRow | undefined> {
      const row = await books().where('widgets.id', '=', id).where('widgets.customer_id', '=', customerId).executeTakeFirst();
      return row && normalized(row);
    },

    pages: (widgetId: string): Promise<Selectable<WidgetPagesTable>[]> =>
      db.selectFrom('widget_pages').selectAll().where('widget_id', '=', widgetId).orderBy('position').execute(),

    pageAt: (widgetId: string, position: number): Promise<Selectable<WidgetPagesTable> | undefined> =>
      db.selectFrom('widget_pages').selectAll().where('widget_id', '=', widgetId).where('position', '=', position).executeTakeFirst(),

    /** The customer's photos among the ids; ids of photos deleted since (or never theirs) are simply not there. */
    photos: (customerId: string, ids: string[]): Promise<PhotosTable[]> =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('photos').selectAll().where('customer_id', '=', customerId).where('id', 'in', ids).execute(),

    /** True when the customer's book was there and now has the title. */
    async rename(customerId: string, id: string, title: string, at: string): Promise<boolean> {
      const result = await db.updateTable('widgets').set({ title, updated_at: at }).where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes the customer's book with its pages, shares and gallery entry. The book's row goes first, in
     * the same transaction, so of two deletes at once only the one that removed it removes the rest.
     */
    async delete(customerId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('widgets').where('id', '=', id).where('customer_id', '=', customerId).returning('id').executeTakeFirst();
        if (!gone) return false;
        await trx.deleteFrom('widget_pages').where('widget_id', '=', id).execute();
        await trx.deleteFrom('widget_shares').where('widget_id', '=', id).execute();
        await trx.deleteFrom('gallery_entries').where('widget_id', '=', id).execute();
        return true;
      });
    },

    /**
     * Counts one more share for the customer in the window and answers the new count: one upsert, so
     * concurrent requests each see a distinct count on both databases. Earlier windows go.
     */
    async countShare(customerId: string, windowStart: string): Promise<number> {
      await db.deleteFrom('widget_share_counts').where('customer_id', '=', customerId).where('window_start', '<', windowStart).execute();
      const row = await db
        .insertInto('widget_share_counts')
        .values({ customer_id: customerId, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['customer_id', 'window_start']).doUpdateSet((eb) => ({ count: eb('widget_share_counts.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Records a share of the customer's book, unless the book is gone. The book's row is locked first (a
     * no-op update), so a delete of the book at the same moment runs wholly before or after: it never
     * misses a share written meanwhile.
     */
    async insertShare(row: ShareRow): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx.updateTable('widgets').set((eb) => ({ id: eb.ref('id') })).where('id', '=', row.widget_id).where('customer_id', '=', row.customer_id).executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) return false;
        await trx.insertInto('widget_shares').values(row).execute();
        return true;
      });
    },
    /** The mail has gone: from now on the link opens the book. */
    markShareSent: async (id: string, at: string): Promise<void> => {
      await db.updateTable('widget_shares').set({ sent_at: at }).where('id', '=', id).execute();
    },
    /** The links to the customer's book that still open it (mailed, not expired), newest first. */
    liveShares: (customerId: string, widgetId: string, now: string) =>
      db
        .selectFrom('widget_shares')
        .select(['id', 'recipient_email', 'created_at', 'expires_at'])
        .where('widget_id', '=', widgetId)
        .where('customer_id', '=', customerId)
        .where('sent_at', 'is not', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Stops one link to the customer's book opening it; false when there is none such (another's, gone, or never sent). */
    async revokeShare(customerId: string, widgetId: string, shareId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('widget_shares')
        .where('id', '=', shareId)
        .where('widget_id', '=', widgetId)
        .where('customer_id', '=', customerId)
        .where('sent_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The mail did not go: the link is forgotten. */
    deleteShare: async (id: string): Promise<void> => {
      await db.deleteFrom('widget_shares').where('id', '=', id).execute();
    },

    /**
     * A share that was mailed and has not expired, with its book; a deleted book took its shares with it.
     * An owner whose account is marked deleted shares nothing, even before the deletion job has erased the rows.
     */
    openShare: (tokenHash: string, now: string) =>
      db
        .selectFrom('widget_shares')
        .innerJoin('widgets', 'widgets.id', 'widget_shares.widget_id')
        .innerJoin('customers', 'customers.id', 'widgets.customer_id')
        .where('customers.deleted_at', 'is', null)
        .select(['widget_shares.sender_name', 'widget_shares.personal_message', 'widget_shares.expires_at', 'widgets.id as widget_id', 'widgets.customer_id', 'widgets.title', 'widgets.cover_photo_id'])
        .where('widget_shares.token_hash', '=', tokenHash)
        .where('widget_shares.sent_at', 'is not', null)
        .where('widget_shares.expires_at', '>', now)
        .executeTakeFirst(),

    /** Deletes the shares that expired, and those never sent that were written before `unsentBefore`; answers how many. */
    async deleteDeadShares(now: string, unsentBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('widget_shares')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb.and([eb('sent_at', 'is', null), eb('created_at', '<', unsentBefore)])]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Everything of photo books a customer has: for account deletion. The books' rows go first, as in
     * `delete`: that waits for a share or a publication holding a book's row, so the shares and entries
     * deleted after it include theirs (on PostgreSQL, deleting them first missed those still in flight).
     */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const books = await trx.deleteFrom('widgets').where('customer_id', '=', customerId).returning('id').execute();
        const ids = books.map((b) => b.id);
        if (ids.length) await trx.deleteFrom('widget_pages').where('widget_id', 'in', ids).execute();
        await trx.deleteFrom('widget_shares').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('gallery_entries').where('customer_id', '=', customerId).execute();
        await trx.deleteFrom('widget_share_counts').where('customer_id', '=', customerId).execute();
      });
    },
  };
}
export type WidgetRepository = ReturnType<typeof widgetRepository>;
