#!/usr/bin/env node
/**
 * `npm run capacity [-- --instances 2 --seconds 20 --connections 32]`: what a local cluster carries and what
 * each of its parts spends per request, for docs/scaling.md. It starts a throw-away cluster (as the soak does,
 * in `.tmp/capacity-*`), writes a library of 100,000 photos into its PostgreSQL (10,000 of them one
 * customer's, `seedLibrary`), then loads the timeline's two reads through the balancer: the month counts, and
 * a month's first 24 photos over every month. For each it prints requests per second, p50/p95/p99 and the CPU
 * time each part used per request (the instances with their child processes, PostgreSQL, Redis, HAProxy),
 * read from /proc before and after. This machine also runs the load generator: the figures are what the parts
 * cost, the totals what this machine carries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad } from '../bench/support/load.mjs';
import { serverDist, tokenSigner } from './lib/cluster-tokens.mjs';
import { startLocalCluster } from './lib/local-cluster.mjs';
import { Failure, freePort } from './lib/local-services.mjs';
import { wholeNumberOption as option } from './lib/options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (message) => console.log(`[capacity] ${message}`);
const API = '/api/photo-management';
const LIBRARY = { photosPerCustomer: 10_000, total: 100_000 };
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Every process now: its parent, its name and the CPU seconds it has used. */
function processes() {
  const all = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), { ppid: Number(fields[1]), name, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // Ended while being read.
    }
  }
  return all;
}

/** CPU seconds used so far per part of the cluster; an instance's child processes (image pool, jobs) count as its own. */
function cpuByPart(instancePids) {
  const all = processes();
  const partOf = (pid) => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; at = all.get(at)?.ppid ?? 0, hops++) if (instancePids.includes(at)) return 'instances';
    const name = all.get(pid).name;
    if (name === 'postgres') return 'PostgreSQL';
    if (name === 'redis-server') return 'Redis';
    if (name === 'haproxy') return 'HAProxy';
    return undefined;
  };
  const parts = { instances: 0, PostgreSQL: 0, Redis: 0, HAProxy: 0 };
  for (const [pid, p] of all) {
    const part = partOf(pid);
    if (part) parts[part] += p.cpu;
  }
  return parts;
}

async function main() {
  const instances = option('instances', 2);
  const seconds = option('seconds', 20);
  const connections = option('connections', 32);
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const home = fs.mkdtempSync(path.join(root, '.tmp', 'capacity-'));
  // PostgreSQL runs as its own user, which must reach its folder inside.
  fs.chmodSync(home, 0o755);
  const cluster = await startLocalCluster({ root, home, count: instances, port: await freePort(), env: { SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' }, log });
  let db;
  try {
    const { seedLibrary } = await serverDist(root, 'seed/seed-library.js');
    log(`Writing a library of ${LIBRARY.total} photos (${LIBRARY.photosPerCustomer} of one customer) into the cluster's PostgreSQL`);
    const library = await seedLibrary({ ...LIBRARY, dataDir: path.join(home, 'library'), databaseUrl: cluster.postgres.url, pictureScale: 0.1, log });
    const { createDatabase } = await serverDist(root, 'platform/db/database.js');
    const { loadConfig } = await serverDist(root, 'config.js');
    db = await createDatabase(loadConfig({ DATABASE_URL: cluster.postgres.url }).database);
    const { headers } = await (await tokenSigner({ root, db, issuer: `${cluster.url}/oidc` }))(library.account.email);
    const { sql } = await import('kysely');
    await sql`analyze`.execute(db);
    // What a photo costs the database: its row and its indexes, for the partitioning sums in docs/scaling.md.
    const sizes = await sql`select relname as table, pg_total_relation_size(oid) as bytes from pg_class where relname in ('photos', 'photo_month_counts', 'album_photos') and relkind = 'r'`.execute(db);
    const photoRows = Number((await sql`select count(*) as n from photos`.execute(db)).rows[0].n);
    const storage = Object.fromEntries(sizes.rows.map((r) => [r.table, Number(r.bytes)]));
    const bytesPerPhoto = Math.round(storage.photos / photoRows);

    const countsUrl = `${API}/users/timeline?sortKey=dateTaken`;
    const counts = await (await fetch(`${cluster.url}${countsUrl}`, { headers })).json();
    const months = Object.entries(counts).flatMap(([year, byMonth]) => Object.keys(byMonth).map((month) => ({ year, month })));
    if (!months.length) throw new Failure(`${countsUrl} answered no months: ${JSON.stringify(counts).slice(0, 200)}`);
    const reads = [
      { name: 'the month counts (GET /users/timeline)', paths: [countsUrl] },
      { name: `a month's first 24 photos (GET /photos/timeline/{y}/{m}, ${months.length} months)`, paths: months.map((m) => `${API}/photos/timeline/${m.year}/${m.month}?limit=24&sortKey=dateTaken&sortOrder=desc`) },
    ];

    const pids = () => cluster.instances.map((i) => i.child.pid);
    const results = [];
    for (const read of reads) {
      await runLoad({ origin: cluster.url, paths: read.paths, headers, connections, warmupMs: 0, durationMs: 3_000 });
      const before = cpuByPart(pids());
      const load = await runLoad({ origin: cluster.url, paths: read.paths, headers, connections, warmupMs: 0, durationMs: seconds * 1000 });
      const after = cpuByPart(pids());
      const cpuMsPerRequest = Object.fromEntries(Object.keys(before).map((part) => [part, ((after[part] - before[part]) * 1000) / Math.max(1, load.requests)]));
      results.push({ read: read.name, requests: load.requests, errors: load.errors, firstError: load.firstError, rps: load.rps, p50: load.p50, p95: load.p95, p99: load.p99, cpuMsPerRequest });
    }

    console.log(`\nCapacity: ${instances} instance(s) behind HAProxy, PostgreSQL, Redis; ${connections} connections, ${seconds} s per read`);
    console.log(`  a photo in PostgreSQL: ${bytesPerPhoto} bytes with its indexes (${photoRows} rows, ${(storage.photos / 2 ** 20).toFixed(0)} MiB)`);
    for (const r of results) {
      console.log(`\n  ${r.read}`);
      console.log(`    ${r.rps.toFixed(0)} requests/s (${r.requests}, ${r.errors} errors${r.firstError ? `, first: ${r.firstError}` : ''}); p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      console.log(`    CPU per request: ${Object.entries(r.cpuMsPerRequest).map(([part, ms]) => `${part} ${ms.toFixed(2)} ms`).join(', ')}`);
    }
    const file = path.join(root, '.tmp', 'capacity-report.json');
    fs.writeFileSync(file, JSON.stringify({ instances, connections, seconds, photoRows, storage, bytesPerPhoto, cores: (await import('node:os')).availableParallelism(), results }, null, 2));
    log(`The report: ${path.relative(root, file)}`);
  } finally {
    await db?.destroy();
    await cluster.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Failure ? `[capacity] ${err.message}` : err);
  process.exit(1);
});
