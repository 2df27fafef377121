#!/usr/bin/env node
/**
 * `npm run start:cluster [-- --instances N]`: N instances (2 by default) behind HAProxy in plain round robin,
 * on PostgreSQL, redis-server and the patched s3rver (scripts/lib/local-cluster.mjs, decision 100). Everything
 * is kept in data/cluster between starts (the demo data is made once, by one instance); Ctrl-C stops it all.
 *
 * PORT (default 3000) is the balancer's; HAProxy's statistics page is on PORT + 1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCluster } from './lib/local-cluster.mjs';
import { Failure } from './lib/local-services.mjs';
import { wholeNumberOption } from './lib/options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (message) => console.log(`[cluster] ${message}`);

async function main() {
  const count = wholeNumberOption('instances', 2, { max: 16 });
  const cluster = await startLocalCluster({ root, home: path.join(root, 'data', 'cluster'), count, port: Number(process.env.PORT ?? 3000), log });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void cluster.stop().then(() => process.exit(0)));
  log(`Shoebox is ready at ${cluster.url}: ${count} instances behind HAProxy (round robin), ${cluster.instances.map((i) => `${i.name} on ${i.port}`).join(', ')}`);
  log(`HAProxy statistics at ${cluster.statsUrl}; logs in ${path.relative(root, cluster.logs)}/; Ctrl-C stops everything`);
}

main().catch((err) => {
  console.error(`[cluster] ${err instanceof Failure ? err.message : (err.stack ?? err)}`);
  process.exit(1);
});
