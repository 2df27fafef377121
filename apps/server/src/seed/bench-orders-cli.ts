/**
 * node apps/server/dist/seed/bench-orders-cli.js --orders 1000000 --per-customer 1000 [--postgres-url URL] [--json]
 *
 * Builds (or reuses) the orders benchmark's database; see bench-orders/seed-orders.ts.
 */
import { parseArgs } from 'node:util';
import { count, runCommand, UsageError } from './cli-usage.js';
import { seedBenchOrders } from './bench-orders/seed-orders.js';

const USAGE = `Usage: node apps/server/dist/seed/bench-orders-cli.js --orders N --per-customer N [--postgres-url URL] [--json]

  --orders N        orders in the whole database
  --per-customer N  orders of the bench customer (orders@example.com, password shoebox-demo)
  --postgres-url U  build it in this PostgreSQL database (its name must contain 'bench': it is dropped
                    and made again when it holds another build); default: a SQLite cache under .tmp/bench-orders/
  --json            print the manifest as JSON on stdout`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      'per-customer': { type: 'string' },
      'postgres-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const total = count('orders', values.orders);
  const perCustomer = count('per-customer', values['per-customer']);
  if (total < perCustomer) throw new UsageError('--orders must be at least --per-customer');
  const result = await seedBenchOrders({ total, perCustomer, postgresUrl: values['postgres-url'], log: (m) => console.error(`seed-orders: ${m}`) });
  if (values.json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(`${result.reused ? 'Reused' : 'Built'} (${result.seedSeconds.toFixed(1)} s): ${result.orders.total.toLocaleString('en')} orders; ${result.account.email} has ${result.orders.bench.toLocaleString('en')}`);
}

runCommand(main, USAGE);
