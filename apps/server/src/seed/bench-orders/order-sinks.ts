/**
 * Where the orders benchmark's rows go, in big transactions: one prepared statement through
 * better-sqlite3 directly on SQLite; on PostgreSQL one INSERT … SELECT FROM unnest(…) per table and
 * chunk, each column sent as one array parameter (close to COPY, with no extra dependency).
 */
import type pg from 'pg';
import type { OrderProductRow, OrderRow } from '../../modules/orders/order.repository.js';
import type { CustomersTable } from '../../platform/db/schema.js';
import { openBulkSqlite } from '../bulk-sqlite.js';

export interface OrderSink {
  customers(rows: CustomersTable[]): Promise<void>;
  orders(orders: OrderRow[], products: OrderProductRow[]): Promise<void>;
  /** Secrets rows (the cache's marker and manifest). */
  secret(name: string, value: string): Promise<void>;
  close(): Promise<void>;
}

type Column<T> = readonly [name: keyof T & string, pgType: 'text' | 'int'];
const text = <T>(name: keyof T & string): Column<T> => [name, 'text'];
const int = <T>(name: keyof T & string): Column<T> => [name, 'int'];

const CUSTOMER_COLUMNS: Column<CustomersTable>[] = (
  ['id', 'email', 'first_name', 'last_name', 'phone', 'channel', 'registered_at', 'business_company', 'business_vat', 'business_status', 'deleted_at'] as const
).map((c) => text<CustomersTable>(c));
const ORDER_COLUMNS: Column<OrderRow>[] = [
  ...(
    [
      'id', 'customer_id', 'order_code', 'status', 'created_at', 'channel', 'currency', 'source', 'delivery_type', 'delivery_first_name', 'delivery_last_name',
      'delivery_street', 'delivery_house_number', 'delivery_postal_code', 'delivery_city', 'delivery_country_code', 'delivery_phone', 'pickup_point',
      'payment_changed_at', 'updated_at', 'address_changed_at', 'request_id',
    ] as const
  ).map((c) => text<OrderRow>(c)),
  int<OrderRow>('total_amount'),
];
const PRODUCT_COLUMNS: Column<OrderProductRow>[] = [
  ...(['code', 'order_id', 'customer_id', 'status', 'created_at', 'payment_changed_at', 'title', 'product_type', 'article_name', 'voucher_code', 'voucher_title'] as const).map((c) => text<OrderProductRow>(c)),
  ...(['position', 'quantity', 'price_amount', 'voucher_discount_amount'] as const).map((c) => int<OrderProductRow>(c)),
];

const insertSql = <T>(table: string, columns: Column<T>[]) => `INSERT INTO ${table} (${columns.map(([c]) => c).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
const values = <T>(row: T, columns: Column<T>[]) => columns.map(([c]) => row[c] as unknown);

export function sqliteOrderSink(file: string): OrderSink {
  const sqlite = openBulkSqlite(file);
  const insertCustomer = sqlite.prepare(insertSql('customers', CUSTOMER_COLUMNS));
  const insertOrder = sqlite.prepare(insertSql('orders', ORDER_COLUMNS));
  const insertProduct = sqlite.prepare(insertSql('order_products', PRODUCT_COLUMNS));
  const customers = sqlite.transaction((rows: CustomersTable[]) => {
    for (const r of rows) insertCustomer.run(values(r, CUSTOMER_COLUMNS));
  });
  const orders = sqlite.transaction((o: OrderRow[], p: OrderProductRow[]) => {
    for (const r of o) insertOrder.run(values(r, ORDER_COLUMNS));
    for (const r of p) insertProduct.run(values(r, PRODUCT_COLUMNS));
  });
  return {
    async customers(rows) {
      customers(rows);
    },
    async orders(o, p) {
      orders(o, p);
    },
    async secret(name, value) {
      sqlite.prepare('INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)').run(name, value, new Date().toISOString());
    },
    async close() {
      sqlite.pragma('locking_mode = NORMAL');
      // The server opens it in WAL mode; leave it that way, checkpointed.
      sqlite.pragma('journal_mode = WAL');
      sqlite.close();
    },
  };
}

export function postgresOrderSink(client: pg.Client): OrderSink {
  const insert = async <T>(table: string, columns: Column<T>[], rows: T[]) => {
    if (!rows.length) return;
    const arrays = columns.map(([c]) => rows.map((r) => r[c] as unknown));
    const sql = `INSERT INTO ${table} (${columns.map(([c]) => c).join(', ')}) SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;
    await client.query(sql, arrays);
  };
  const inTransaction = async (work: () => Promise<void>) => {
    await client.query('BEGIN');
    try {
      await work();
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  return {
    customers: (rows) => inTransaction(() => insert('customers', CUSTOMER_COLUMNS, rows)),
    orders: (o, p) =>
      inTransaction(async () => {
        await insert('orders', ORDER_COLUMNS, o);
        await insert('order_products', PRODUCT_COLUMNS, p);
      }),
    async secret(name, value) {
      await client.query('INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3)', [name, value, new Date().toISOString()]);
    },
    async close() {
      // What autovacuum would have done on a live database by the time it holds a million orders.
      await client.query('VACUUM ANALYZE');
      await client.end();
    },
  };
}
