// The orders benches' database: 1,000,000 orders with their products, 1,000 of them the bench
// customer's (orders@example.com), built or reused by the server's own seeder
// (apps/server/src/seed/bench-orders/). On SQLite it is cached under .tmp/bench-orders/; on
// PostgreSQL it is the database BENCH_POSTGRES_URL names (its name must contain 'bench': the seeder
// drops and rebuilds it when it holds another build). BENCH_ORDERS_TOTAL / BENCH_ORDERS_PER_CUSTOMER
// make a smaller one for a quick look.
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { runSeedCli } from './seed-cli.mjs';

export const ORDERS_SEED_CLI = path.join(REPO_ROOT, 'apps/server/dist/seed/bench-orders-cli.js');
export const ORDERS = {
  total: Number(process.env.BENCH_ORDERS_TOTAL ?? 1_000_000),
  perCustomer: Number(process.env.BENCH_ORDERS_PER_CUSTOMER ?? 1_000),
};
/** The PostgreSQL database of the orders benches, when one is given. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL || undefined;
const SEED_TIMEOUT_MS = 12 * 60_000;

/**
 * Runs the seeder and answers its manifest: { database: { kind, file | url }, dataDir (SQLite only),
 * account: { email, password, greeting, customerId }, orders: { total, bench, customers, products },
 * seedSeconds, reused }. Its progress goes to `log`.
 */
export async function ensureOrdersDb({ log = () => {}, postgresUrl } = {}) {
  const args = [ORDERS_SEED_CLI, '--orders', String(ORDERS.total), '--per-customer', String(ORDERS.perCustomer), ...(postgresUrl ? ['--postgres-url', postgresUrl] : [])];
  return runSeedCli({ name: 'The orders seeder', args, timeoutMs: SEED_TIMEOUT_MS, log });
}
