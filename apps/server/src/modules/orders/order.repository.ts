import type { ParcelTracking } from '@shoebox/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { lockLiveCustomer } from '../customers/customer.service.js';
import { freshReads } from './fresh-reads.js';
import type { Database, OrderFilesTable, OrderProductPhotosTable, OrderProductsTable, OrdersTable } from '../../platform/db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderProductRow = OrderProductsTable;
export type OrderFileRow = OrderFilesTable;
export type OrderProductPhotoRow = OrderProductPhotosTable;

/** An order row's tracking columns: all three set, or (before its parcel is tracked) none. */
export const trackingColumns = (t: ParcelTracking | null | undefined) => ({
  tracking_carrier: t?.carrier ?? null,
  tracking_number: t?.trackingNumber ?? null,
  tracking_url: t?.url ?? null,
});
export const UNTRACKED = trackingColumns(null);

/** The delivery address columns, as one conditional UPDATE sets them. */
export type DeliveryAddressColumns = Pick<
  OrderRow,
  'delivery_first_name' | 'delivery_last_name' | 'delivery_street' | 'delivery_house_number' | 'delivery_postal_code' | 'delivery_city' | 'delivery_country_code' | 'delivery_phone'
>;

export interface PageOptions {
  offset: number;
  limit: number;
  /** Only orders created at or after this instant (ISO); undefined for all. */
  since?: string;
}

export type PlaceOutcome =
  | { placed: true; order: OrderRow }
  | { placed: false; existing: OrderRow }
  | { placed: false; customerGone: true }
  | { placed: false; tooManyUnpaid: true };

/**
 * Every change to a customer's orders or their products moves their order history's version on, in the
 * same transaction (decision 054): cached order answers are keyed by it. Writers outside this repository
 * (the demo seeder) call it too.
 */
export async function bumpOrderHistory(trx: Kysely<Database>, customerId: string): Promise<void> {
  await trx
    .insertInto('order_history_versions')
    .values({ customer_id: customerId, version: 1 })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ version: sql<number>`order_history_versions.version + 1` }))
    .execute();
}

export function orderRepository(db: Db) {
  // Read on every list and details call: the calls that arrive while one read is under way share the next.
  // One customer's, the usual case, is compiled once: building the query cost more than running it on SQLite.
  const oneVersion = db.selectFrom('order_history_versions').select(['customer_id', 'version']).where('customer_id', '=', '').compile();
  const historyVersion = freshReads(async (customerIds) => {
    const rows =
      customerIds.length === 1
        ? (await db.executeQuery<{ customer_id: string; version: number }>({ ...oneVersion, parameters: customerIds })).rows
        : await db.selectFrom('order_history_versions').select(['customer_id', 'version']).where('customer_id', 'in', customerIds).execute();
    return new Map(rows.map((r) => [r.customer_id, Number(r.version)]));
  }, 0);

  const ofCustomer = (customerId: string, since?: string) => {
    let q = db.selectFrom('orders').where('customer_id', '=', customerId);
    if (since) q = q.where('created_at', '>=', since);
    return q;
  };

  return {
    /** The customer's order history version; 0 before their first order. */
    historyVersion,

    /**
     * One page of a customer's orders, newest first, with how many there are in all. Both walk the
     * customer's (customer_id, created_at desc, id desc) index: the page reads only its own rows, and the
     * count reads the index alone (a count riding on the page as a window read every order's row).
     */
    async page(customerId: string, o: PageOptions): Promise<{ rows: OrderRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        ofCustomer(customerId, o.since).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).offset(o.offset).execute(),
        ofCustomer(customerId, o.since)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.n) };
    },

    /** The products of the given orders in one query, each order's in their own order. */
    productsOf(orderIds: readonly string[]): Promise<OrderProductRow[]> {
      if (!orderIds.length) return Promise.resolve([]);
      return db.selectFrom('order_products').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('position').execute();
    },

    /**
     * The first photo each order was made from that is still in its customer's library, by order id (orders
     * with none are left out): one correlated lookup per order on order_files' (order_id, position) index,
     * never all their files. A photo of anyone else's never counts, whatever a file row says.
     */
    async firstPhotosOf(orderIds: readonly string[]): Promise<Map<string, string>> {
      if (!orderIds.length) return new Map();
      const rows = await db
        .selectFrom('orders as o')
        .select((eb) => [
          'o.id',
          eb
            .selectFrom('order_files as f')
            .innerJoin('photos as p', (join) => join.onRef('p.id', '=', 'f.photo_id').onRef('p.customer_id', '=', 'o.customer_id'))
            .select('f.photo_id')
            .whereRef('f.order_id', '=', 'o.id')
            .orderBy('f.position')
            .limit(1)
            .as('photo_id'),
        ])
        .where('o.id', 'in', orderIds)
        .execute();
      return new Map(rows.flatMap((r) => (r.photo_id ? [[r.id, r.photo_id] as const] : [])));
    },

    /** Which photos the given orders' products print, each product's in their places. */
    placementsOf(orderIds: readonly string[]): Promise<OrderProductPhotoRow[]> {
      if (!orderIds.length) return Promise.resolve([]);
      return db.selectFrom('order_product_photos').selectAll().where('order_id', 'in', orderIds).orderBy('product_code').orderBy('position').execute();
    },

    placementsOfProduct: (productCode: string) => db.selectFrom('order_product_photos').selectAll().where('product_code', '=', productCode).orderBy('position').execute(),

    productByCode: (code: string) => db.selectFrom('order_products').selectAll().where('code', '=', code).executeTakeFirst(),

    filesOf(orderIds: readonly string[]): Promise<OrderFileRow[]> {
      if (!orderIds.length) return Promise.resolve([]);
      return db.selectFrom('order_files').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('position').execute();
    },

    /** An order by its code; with a customer, only that customer's. */
    findByCode(code: string, customerId?: string): Promise<OrderRow | undefined> {
      let q = db.selectFrom('orders').selectAll().where('order_code', '=', code);
      if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
      return q.executeTakeFirst();
    },

    findManyByCode(codes: readonly string[], customerId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('order_code', 'in', codes).where('customer_id', '=', customerId).orderBy('created_at', 'desc').execute();
    },

    /** A customer's product (sub-order) with its order's code. */
    findProduct(code: string, customerId: string) {
      return db
        .selectFrom('order_products as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .selectAll('p')
        .select('o.order_code')
        .where('p.code', '=', code)
        .where('p.customer_id', '=', customerId)
        .executeTakeFirst();
    },

    /** A customer's products newest first, optionally only those of the given article names, with their count. */
    async productsByAccount(customerId: string, o: { articleNames?: string[]; offset: number; limit: number }) {
      let q = db.selectFrom('order_products as p').innerJoin('orders as o', 'o.id', 'p.order_id').where('p.customer_id', '=', customerId);
      if (o.articleNames?.length) q = q.where('p.article_name', 'in', o.articleNames);
      const [rows, counted] = await Promise.all([
        q.select(['p.code', 'o.order_code', 'p.article_name', 'p.status', 'p.created_at']).orderBy('p.created_at', 'desc').orderBy('p.code', 'desc').limit(o.limit).offset(o.offset).execute(),
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.n) };
    },

    /**
     * Records an order with its products and files in one transaction. The request id is unique: a
     * second placing with it (a retry, a double click, at the same moment or later) records nothing and
     * answers the order the first one made. It first takes the customer's row: the storage period's daily run
     * takes it too before it deletes a batch of photos, so it sees this order, or this order waits for the batch;
     * a customer marked deleted places nothing.
     */
    place(order: OrderRow, products: OrderProductRow[], files: OrderFileRow[], placements: OrderProductPhotoRow[], maxUnpaid: number): Promise<PlaceOutcome> {
      return db.transaction().execute(async (trx): Promise<PlaceOutcome> => {
        if (!(await lockLiveCustomer(trx, order.customer_id))) return { placed: false, customerGone: true };
        // Counted under the customer's lock, so orders placed at once count one at a time; a retry of an
        // order already made is answered below whatever the count.
        const unpaid = await trx
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('customer_id', '=', order.customer_id)
          .where('status', '=', 'Received')
          .executeTakeFirstOrThrow();
        const retried = await trx.selectFrom('orders').select('id').where('request_id', '=', order.request_id).executeTakeFirst();
        if (!retried && Number(unpaid.n) >= maxUnpaid) return { placed: false, tooManyUnpaid: true };
        const inserted = await trx
          .insertInto('orders')
          .values(order)
          .onConflict((oc) => oc.column('request_id').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) {
          const existing = await trx.selectFrom('orders').selectAll().where('request_id', '=', order.request_id).executeTakeFirstOrThrow();
          return { placed: false, existing };
        }
        if (products.length) await trx.insertInto('order_products').values(products).execute();
        if (files.length) await trx.insertInto('order_files').values(files).execute();
        // 500 at most (the prints editor's lines): one statement stays within both databases' parameter limits.
        if (placements.length) await trx.insertInto('order_product_photos').values(placements).execute();
        await bumpOrderHistory(trx, inserted.customer_id);
        return { placed: true, order: inserted };
      });
    },

    /**
     * Sets a customer's order's delivery address only while the order allows it, as one conditional
     * UPDATE (with the history's version, in one transaction): a status move committed a moment earlier makes
     * it change nothing. Answers the changed row.
     */
    changeAddress(customerId: string, code: string, address: DeliveryAddressColumns, o: { statuses: readonly string[]; deliveryType: OrderRow['delivery_type']; at: string }) {
      return db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('orders')
          .set({ ...address, address_changed_at: o.at, updated_at: o.at })
          .where('order_code', '=', code)
          .where('customer_id', '=', customerId)
          .where('delivery_type', '=', o.deliveryType)
          .where('status', 'in', [...o.statuses])
          .returningAll()
          .executeTakeFirst();
        if (changed) await bumpOrderHistory(trx, customerId);
        return changed;
      });
    },

    /**
     * Moves an order from one status to another only if it is still in `from`, with its products, in one
     * transaction; `paymentChangedAt` is recorded where a move changes the payment (paid, refunded).
     * Answers the moved row, or undefined when the order was not in `from` any more.
     */
    move(code: string, from: string, to: string, o: { at: string; holdup: string | null; paymentChangedAt?: string; tracking?: ParcelTracking }) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('orders')
          // A delivery address changed just before, whose time was taken after this move's, is not later than the move:
          // the move's time is the later of the two.
          .set({
            status: to,
            holdup: o.holdup,
            updated_at: sql<string>`case when address_changed_at > ${o.at} then address_changed_at else ${o.at} end`,
            ...(o.paymentChangedAt ? { payment_changed_at: o.paymentChangedAt } : {}),
            ...(o.tracking ? trackingColumns(o.tracking) : {}),
          })
          .where('order_code', '=', code)
          .where('status', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (!moved) return undefined;
        if (from === to) {
          // A hold-up set or lifted: the order and its products stay where they are.
          await bumpOrderHistory(trx, moved.customer_id);
          return moved;
        }
        await trx
          .updateTable('order_products')
          .set({ status: to, ...(o.paymentChangedAt ? { payment_changed_at: o.paymentChangedAt } : {}) })
          .where('order_id', '=', moved.id)
          .execute();
        await bumpOrderHistory(trx, moved.customer_id);
        return moved;
      });
    },
  };
}
export type OrderRepository = ReturnType<typeof orderRepository>;
