// The orders benches' database: 1,000,000 orders with their products, 1,000 of them the bench
// customer's (orders@example.com), built or reused by the server's own seeder
// (apps/server/src/seed/bench-orders/). On SQLite it is cached under .tmp/bench-orders/; on
// PostgreSQL it is the database BENCH_POSTGRES_URL names (its name must contain 'bench': the seeder
// drops and rebuilds it when it holds another build). BENCH_ORDERS_TOTAL / BENCH_ORDERS_PER_CUSTOMER
// make a smaller one for a quick look.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { deferCleanup } from './cleanup.mjs';
import { REPO_ROOT } from './paths.mjs';

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
  const args = [ORDERS_SEED_CLI, '--orders', String(ORDERS.total), '--per-customer', String(ORDERS.perCustomer), '--json', ...(postgresUrl ? ['--postgres-url', postgresUrl] : [])];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) if (line.trim()) log(line);
  });
  const code = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The orders seeder did not finish within ${SEED_TIMEOUT_MS / 1000} s:\n${stderr}`));
    }, SEED_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
  });
  await kill();
  if (code !== 0) throw new Error(`The orders seeder (node ${path.relative(REPO_ROOT, ORDERS_SEED_CLI)}) failed (${code}):\n${stderr}`);
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1));
  } catch {
    throw new Error(`The orders seeder printed no manifest:\n${stdout}\n${stderr}`);
  }
}
