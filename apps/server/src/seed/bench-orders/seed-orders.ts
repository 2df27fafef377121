/**
 * The orders benchmark's database, built fast and kept: `total` orders with their products, of which a
 * demo-loginable customer (orders@example.com, the demo password) has `perCustomer`.
 *
 * On SQLite it is a file under .tmp/bench-orders/, keyed by the parameters, the migrations and this
 * code; a folder with the same key is reused and other keys' folders are removed (a cache of one). On
 * PostgreSQL it is the database the URL names, which must have 'bench' in its name because it is
 * dropped and made again whenever its key differs; the key is kept in its secrets table, written last,
 * so a build that was interrupted is never taken for a finished one.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createDatabase } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { createDemoAccount, DEMO_PASSWORD, type DemoAccount } from '../demo-accounts.js';
import { customerRows, orderRows, planOrders } from './generate-orders.js';
import { postgresOrderSink, sqliteOrderSink, type OrderSink } from './order-sinks.js';

/** Bumped when the generated data changes in a way the source hash would not show. */
const FORMAT_VERSION = 1;
const MARKER = 'seed.bench-orders';
const MANIFEST = 'seed.bench-orders.manifest';
const MANIFEST_FILE = 'bench-orders.json';
const CHUNK_ORDERS = 20_000;
const CHUNK_CUSTOMERS = 50_000;

export const ORDERS_ACCOUNT: DemoAccount & { greeting: string } = {
  email: 'orders@example.com',
  firstName: 'Olivia',
  lastName: 'Orders',
  description: 'benchmark customer with a very long order history',
  registeredDaysAgo: 2000,
  greeting: 'Hello Olivia',
};

export type BenchDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface OrdersManifest {
  key: string;
  createdAt: string;
  seedSeconds: number;
  /** DATA_DIR for a server on SQLite; on PostgreSQL the server gets a DATA_DIR of its own. */
  dataDir: string | null;
  database: BenchDatabase;
  account: { email: string; password: string; greeting: string; customerId: string };
  orders: { total: number; bench: number; customers: number; products: number };
}

export interface SeedOrdersOptions {
  total: number;
  perCustomer: number;
  /** postgres://…/<name with 'bench'>; without it, the SQLite cache. */
  postgresUrl?: string;
  log?: (message: string) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts') && !/\.test\./.test(f))
    .sort()
    .map((f) => path.join(dir, f));

export function ordersKey(total: number, perCustomer: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ FORMAT_VERSION, total, perCustomer }));
  for (const file of [...sourceFiles(path.join(here, '../../platform/db/migrations')), ...sourceFiles(here)]) hash.update(`\n${path.basename(file)}\n`).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const cacheRoot = () => path.join(path.resolve(here, '../../../../..'), '.tmp', 'bench-orders');

async function readSecret(database: BenchDatabase, name: string): Promise<string | undefined> {
  if (database.kind === 'sqlite' && !fs.existsSync(database.file)) return undefined;
  const db = await createDatabase(database).catch(() => undefined);
  if (!db) return undefined;
  try {
    return (await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  } catch {
    return undefined;
  } finally {
    await db.destroy();
  }
}

/** Drops and creates the database the URL names; refused unless its name says it is a bench's. */
async function recreatePostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`The orders bench rebuilds the PostgreSQL database it is given; "${name}" has no 'bench' in its name, so it is left alone`);
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
}

export async function seedBenchOrders(o: SeedOrdersOptions): Promise<OrdersManifest & { reused: boolean }> {
  const started = performance.now();
  const log = o.log ?? (() => {});
  if (!Number.isInteger(o.perCustomer) || o.perCustomer < 1) throw new Error('perCustomer must be a positive whole number');
  if (!Number.isInteger(o.total) || o.total < o.perCustomer) throw new Error('total must be a whole number at least perCustomer');
  const key = ordersKey(o.total, o.perCustomer);
  const dataDir = o.postgresUrl ? null : path.join(cacheRoot(), `o${o.total}-c${o.perCustomer}-${key}`);
  const database: BenchDatabase = o.postgresUrl ? { kind: 'postgres', url: o.postgresUrl } : { kind: 'sqlite', file: path.join(dataDir!, 'shoebox.db') };

  if ((await readSecret(database, MARKER)) === key) {
    const manifest = JSON.parse((await readSecret(database, MANIFEST))!) as OrdersManifest;
    log(`reusing the orders database (built ${manifest.createdAt} in ${manifest.seedSeconds.toFixed(1)} s)`);
    return { ...manifest, dataDir, database, reused: true };
  }

  // Built under a temporary name and renamed at the end on SQLite; PostgreSQL's marker is written last.
  const work = dataDir ? `${dataDir}.partial` : null;
  if (dataDir) {
    fs.mkdirSync(cacheRoot(), { recursive: true });
    for (const entry of fs.readdirSync(cacheRoot())) fs.rmSync(path.join(cacheRoot(), entry), { recursive: true, force: true });
    fs.mkdirSync(work!, { recursive: true });
  } else {
    await recreatePostgres(o.postgresUrl!);
  }
  const workDatabase: BenchDatabase = work ? { kind: 'sqlite', file: path.join(work, 'shoebox.db') } : database;
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const now = Date.now();
  const customerId = randomUUID();
  const db = await createDatabase(workDatabase);
  try {
    await migrateToLatest(db);
    await createDemoAccount(db, ORDERS_ACCOUNT, { passwordHash: await hashPassword(DEMO_PASSWORD), customerId, now });
  } finally {
    await db.destroy();
  }
  const plan = planOrders(o.total, o.perCustomer, { id: customerId, firstName: ORDERS_ACCOUNT.firstName, lastName: ORDERS_ACCOUNT.lastName }, now);
  log(`schema migrated; ${plan.customers.length.toLocaleString('en')} customers planned (${seconds()})`);

  let sink: OrderSink;
  if (workDatabase.kind === 'sqlite') {
    sink = sqliteOrderSink(workDatabase.file);
  } else {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: workDatabase.url });
    await client.connect();
    sink = postgresOrderSink(client);
  }
  let products = 0;
  const manifest: OrdersManifest = {
    key,
    createdAt: new Date().toISOString(),
    seedSeconds: 0,
    dataDir,
    database,
    account: { email: ORDERS_ACCOUNT.email, password: DEMO_PASSWORD, greeting: ORDERS_ACCOUNT.greeting, customerId },
    orders: { total: o.total, bench: o.perCustomer, customers: plan.customers.length, products: 0 },
  };
  try {
    const customers = customerRows(plan, now);
    for (let i = 0; i < customers.length; i += CHUNK_CUSTOMERS) await sink.customers(customers.slice(i, i + CHUNK_CUSTOMERS));
    let lastLog = performance.now();
    for (let from = 0; from < o.total; from += CHUNK_ORDERS) {
      const rows = orderRows(plan, from, Math.min(o.total, from + CHUNK_ORDERS), now);
      await sink.orders(rows.orders, rows.products);
      products += rows.products.length;
      if (performance.now() - lastLog > 5_000) {
        lastLog = performance.now();
        log(`${(from + rows.orders.length).toLocaleString('en')} / ${o.total.toLocaleString('en')} orders (${seconds()})`);
      }
    }
    manifest.orders.products = products;
    manifest.seedSeconds = (performance.now() - started) / 1000;
    await sink.secret(MANIFEST, JSON.stringify(manifest));
    await sink.secret(MARKER, key);
  } finally {
    await sink.close();
  }
  if (work && dataDir) {
    fs.renameSync(work, dataDir);
    fs.writeFileSync(path.join(dataDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  log(`${o.total.toLocaleString('en')} orders, ${products.toLocaleString('en')} products of ${plan.customers.length.toLocaleString('en')} customers in ${seconds()}`);
  return { ...manifest, reused: false };
}
