#!/usr/bin/env node
/**
 * `npm run soak [-- --customers 300 --seconds 180]`: a bounded soak of a throw-away local cluster (two
 * instances behind HAProxy, scripts/lib/local-cluster.mjs), on loopback only, that stops by itself (decision
 * 101). Simulated customers browse the timeline and its months, open previews, edit albums, upload photos and
 * ask for zips; a third of the way in one instance is killed (kill -9) and started again, and at two thirds
 * Redis is stopped for 10 s. It reports requests, errors and p50/p99 before, during and after, then checks
 * that nothing was lost: every upload that answered success has its photo and its objects in the bucket, every
 * zip asked for is made, month counts agree with the rows. The report is also written to
 * .tmp/soak-report.json. Exit code 1 when the consistency check fails.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { serverDist, tokenSigner } from './lib/cluster-tokens.mjs';
import { startLocalCluster } from './lib/local-cluster.mjs';
import { Failure, freePort } from './lib/local-services.mjs';
import { wholeNumberOption as option } from './lib/options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (message) => console.log(`[soak] ${message}`);
const dist = (file) => serverDist(root, file);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PHOTOS_API = '/api/photo-management';
const DOWNLOADS_API = '/api/downloads';
/** Each customer waits this long between two actions, as a person looking at a page does. */
const THINK_MS = 2_000;
/** Distinct photos in the customers' pool, made before the clock starts. */
const PHOTO_POOL = 40;
/** How long Redis stays down. */
const REDIS_OUTAGE_MS = 10_000;
/** How long the killed instance stays down before it is started again. */
const KILLED_FOR_MS = 5_000;
/** After the load: how long the made zips and the last photos may take. */
const SETTLE_LIMIT_MS = 120_000;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** Photos of their own for the customers: distinct content, a few hundred KB, with a date taken. */
async function photoPool() {
  const pool = [];
  for (let i = 0; i < PHOTO_POOL; i++) {
    const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: (i * 37) % 255, g: (i * 91) % 255, b: (i * 53) % 255 } } })
      .composite([{ input: Buffer.from(`<svg width="1200" height="900"><circle cx="${100 + i * 25}" cy="450" r="${60 + i}" fill="white"/></svg>`) }])
      .jpeg({ quality: 85 })
      .toBuffer();
    pool.push(bytes);
  }
  return pool;
}

/** Customers of the soak's own, and tokens for them signed with the cluster's key, as its sign-in would issue. */
async function makeCustomers(db, count, issuer) {
  const { createDemoAccount } = await dist('seed/demo-accounts.js');
  const { hashPassword } = await dist('platform/auth/passwords.js');
  const passwordHash = await hashPassword(randomUUID());
  const tokenFor = await tokenSigner({ root, db, issuer });
  const customers = [];
  for (let i = 0; i < count; i++) {
    const email = `soak-${i}-${randomUUID().slice(0, 8)}@example.com`;
    await createDemoAccount(db, { email, firstName: 'Soak', lastName: `Customer ${i}`, description: 'soak', registeredDaysAgo: 30 }, { passwordHash });
    customers.push({ ...(await tokenFor(email)), photos: [], albums: [], uploads: [], zips: [] });
  }
  return customers;
}

const encodeMetadata = (metadata) => Object.entries(metadata).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

async function main() {
  const customersWanted = option('customers', 300);
  const seconds = option('seconds', 180);
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const home = fs.mkdtempSync(path.join(root, '.tmp', 'soak-'));
  // PostgreSQL runs as its own user, which must reach its folder inside.
  fs.chmodSync(home, 0o755);
  const port = await freePort();
  log(`Starting a throw-away cluster in ${home}`);
  // Customers are the soak's own; instances log warnings and errors only, to files.
  const cluster = await startLocalCluster({ root, home, count: 2, port, env: { SEED_DEMO_DATA: 'false', LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn' }, log });
  const logsKept = path.join(root, '.tmp', 'soak-logs');
  const stopAll = async () => {
    await cluster.stop();
    // The logs stay for a look at what went wrong; the rest goes.
    fs.rmSync(logsKept, { recursive: true, force: true });
    fs.renameSync(cluster.logs, logsKept);
    fs.rmSync(home, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  let db;
  try {
    const { createDatabase } = await dist('platform/db/database.js');
    const { loadConfig } = await dist('config.js');
    db = await createDatabase(loadConfig({ DATABASE_URL: cluster.postgres.url }).database);
    log(`Making ${customersWanted} customers and ${PHOTO_POOL} photos`);
    const [customers, pool] = await Promise.all([makeCustomers(db, customersWanted, `${cluster.url}/oidc`), photoPool()]);

    const samples = [];
    const startedAt = Date.now();
    // The balancer's changes from here on: at its own start it found the instances not listening yet.
    const balancerLogFrom = fs.statSync(path.join(cluster.logs, 'haproxy.log')).size;
    const endsAt = startedAt + seconds * 1000;
    const events = [];
    const phaseOf = (t) => (t < seconds / 3 ? 'before' : t < (seconds * 2) / 3 + REDIS_OUTAGE_MS / 1000 ? 'during' : 'after');

    /** One call through the balancer, timed and recorded; network errors count as status 0. */
    async function call(customer, action, url, init = {}) {
      const t0 = Date.now();
      let status = 0;
      let servedBy;
      let body;
      try {
        const response = await fetch(`${cluster.url}${url}`, { ...init, headers: { ...customer.headers, ...init.headers }, signal: AbortSignal.timeout(30_000) });
        status = response.status;
        servedBy = response.headers.get('x-served-by') ?? undefined;
        body = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => undefined) : await response.arrayBuffer().then(() => undefined);
        samples.push({ t: (t0 - startedAt) / 1000, action, status, ms: Date.now() - t0, servedBy, retryAfter: response.headers.has('retry-after') });
        return { status, body, headers: response.headers };
      } catch (error) {
        samples.push({ t: (t0 - startedAt) / 1000, action, status, ms: Date.now() - t0, servedBy, error: String(error?.cause?.code ?? error?.name ?? error) });
        return { status: 0 };
      }
    }

    const actions = {
      async timeline(c) {
        const { status, body } = await call(c, 'timeline', `${PHOTOS_API}/users/timeline`);
        if (status !== 200 || !body) return;
        const [year, months] = Object.entries(body).at(-1) ?? [];
        const month = months && Object.keys(months).at(-1);
        if (month) await call(c, 'month', `${PHOTOS_API}/photos/timeline/${year}/${month}`);
      },
      async preview(c) {
        const { status, body } = await call(c, 'photos', `${PHOTOS_API}/photos?limit=30`);
        const photo = status === 200 ? body?.images?.[Math.floor(Math.random() * (body.images.length || 1))] : undefined;
        if (!photo) return;
        const t0 = Date.now();
        const thumb = await fetch(photo.thumbnails.at(-1).url).catch(() => undefined);
        await thumb?.arrayBuffer();
        samples.push({ t: (t0 - startedAt) / 1000, action: 'preview image', status: thumb?.status ?? 0, ms: Date.now() - t0, servedBy: 'bucket' });
      },
      async upload(c) {
        const bytes = pool[Math.floor(Math.random() * pool.length)];
        const name = `soak-${randomUUID().slice(0, 8)}.jpg`;
        const { status, headers } = await call(c, 'upload', '/api/uploads', {
          method: 'POST',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': encodeMetadata({ filename: name, filetype: 'image/jpeg' }), 'Content-Type': 'application/offset+octet-stream' },
          body: bytes,
        });
        const photoId = headers?.get('x-photo-id');
        if (status === 201 && photoId) c.uploads.push({ photoId, name });
      },
      async album(c) {
        if (c.albums.length === 0 || Math.random() < 0.3) {
          const { status, body } = await call(c, 'album create', `${PHOTOS_API}/albums`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `Soak ${randomUUID().slice(0, 6)}` }) });
          if (status === 201) c.albums.push(body.albumId);
          return;
        }
        const albumId = c.albums[Math.floor(Math.random() * c.albums.length)];
        await call(c, 'album rename', `${PHOTOS_API}/albums/${albumId}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `Renamed ${randomUUID().slice(0, 6)}` }) });
      },
      async zip(c) {
        if (c.uploads.length === 0) return;
        const id = randomUUID();
        const photos = c.uploads.slice(-5).map((u) => u.photoId);
        const { status, body } = await call(c, 'zip', `${DOWNLOADS_API}/downloads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id, photos }) });
        // An archive of the same photos asked for before is answered with that one's id.
        if (status === 202 && body?.id) c.zips.push(body.id);
      },
    };
    // What a customer does, by weight: mostly looking, sometimes adding.
    const weighted = [...Array(4).fill('timeline'), ...Array(3).fill('preview'), ...Array(2).fill('upload'), 'album', 'zip'];

    async function customerLoop(c) {
      await sleep(Math.random() * THINK_MS);
      while (Date.now() < endsAt) {
        await actions[weighted[Math.floor(Math.random() * weighted.length)]](c);
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }

    /** The faults, at fixed points of the run. */
    async function faults() {
      const killed = cluster.instances[0];
      await sleep((seconds / 3) * 1000);
      events.push({ t: (Date.now() - startedAt) / 1000, what: `kill -9 ${killed.name}` });
      log(`kill -9 ${killed.name}`);
      await killed.kill();
      await sleep(KILLED_FOR_MS);
      killed.restart();
      events.push({ t: (Date.now() - startedAt) / 1000, what: `${killed.name} started again` });
      await sleep(Math.max(0, startedAt + ((seconds * 2) / 3) * 1000 - Date.now()));
      events.push({ t: (Date.now() - startedAt) / 1000, what: 'Redis stopped' });
      log('Redis stopped');
      await cluster.redisDown();
      await sleep(REDIS_OUTAGE_MS);
      await cluster.redisBack();
      events.push({ t: (Date.now() - startedAt) / 1000, what: 'Redis started again' });
      log('Redis started again');
    }

    log(`${customers.length} customers for ${seconds} s through ${cluster.url}`);
    await Promise.all([...customers.map(customerLoop), faults()]);
    log('Load over: letting the zips and the last photos finish, then checking');

    const report = { customers: customers.length, seconds, events, phases: {}, byAction: {}, errors: {}, consistency: {} };
    // A 503 with Retry-After is the server saying 'not now' on purpose (a job while Redis is out), and a
    // request that was in flight on the killed instance when it died may fail: both are counted apart.
    const killedAt = events.find((e) => e.what.startsWith('kill -9'))?.t;
    const refused = (s) => s.status === 503 && s.retryAfter;
    const inFlightAtKill = (s) => (s.status === 0 || s.status === 502) && killedAt !== undefined && s.t <= killedAt && s.t + s.ms / 1000 >= killedAt;
    const failed = (s) => (s.status === 0 || s.status >= 500) && !refused(s) && !inFlightAtKill(s);
    for (const phase of ['before', 'during', 'after']) {
      const inPhase = samples.filter((s) => phaseOf(s.t) === phase && s.servedBy !== 'bucket');
      const ms = inPhase.map((s) => s.ms).sort((a, b) => a - b);
      report.phases[phase] = {
        requests: inPhase.length,
        errors: inPhase.filter(failed).length,
        retryLater: inPhase.filter(refused).length,
        inFlightAtKill: inPhase.filter(inFlightAtKill).length,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
      };
    }
    for (const s of samples) {
      const a = (report.byAction[s.action] ??= { requests: 0, errors: 0, retryLater: 0, inFlightAtKill: 0, p50: 0, p99: 0 });
      a.requests++;
      if (refused(s)) a.retryLater++;
      if (inFlightAtKill(s)) a.inFlightAtKill++;
      if (failed(s)) {
        a.errors++;
        const key = `${s.status || s.error} ${s.action} (${phaseOf(s.t)}${s.servedBy ? `, ${s.servedBy}` : ''})`;
        report.errors[key] = (report.errors[key] ?? 0) + 1;
      }
    }
    for (const [action, a] of Object.entries(report.byAction)) {
      const ms = samples.filter((s) => s.action === action).map((s) => s.ms).sort((x, y) => x - y);
      a.p50 = percentile(ms, 50);
      a.p99 = percentile(ms, 99);
    }
    report.balancer = balancerMarkDowns(cluster, balancerLogFrom);
    report.consistency = await consistency(db, cluster, customers);
    const file = path.join(root, '.tmp', 'soak-report.json');
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    print(report);
    log(`The report: ${path.relative(root, file)}; the instances' and the balancer's logs: ${path.relative(root, logsKept)}/`);
    return report.consistency.ok ? 0 : 1;
  } finally {
    await db?.destroy();
    await stopAll();
  }
}

const OBJECT_SUFFIX = '._S3rver_object';

/** Every key in the stand-in's folder of a bucket, and those whose metadata file is missing. */
function bucketKeys(dir) {
  const keys = new Set();
  const withoutMetadata = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(OBJECT_SUFFIX)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const key = path.relative(dir, file).slice(0, -OBJECT_SUFFIX.length);
    keys.add(key);
    if (!fs.existsSync(`${file.slice(0, -OBJECT_SUFFIX.length)}._S3rver_metadata.json`)) withoutMetadata.push(key);
  }
  return { keys, withoutMetadata };
}

/** Nothing lost, nothing twice: uploads answered success have their rows and objects, zips are made, counts agree. */
async function consistency(db, cluster, customers) {
  const problems = [];
  const uploads = customers.flatMap((c) => c.uploads.map((u) => ({ ...u, customerId: c.id })));
  const zips = [...new Set(customers.flatMap((c) => c.zips))];
  // The zips asked for last may still be in the making, and a photo whose request the soak stopped waiting
  // for (30 s) may still be being made: the check starts once neither is.
  for (const started = Date.now(); Date.now() - started < SETTLE_LIMIT_MS; await sleep(1000)) {
    const pending = zips.length ? await db.selectFrom('downloads').select('id').where('id', 'in', zips).where('state', '=', 'pending').execute() : [];
    const ingesting = await db.selectFrom('uploads').select('id').where('status', '=', 'ingesting').execute();
    if (pending.length === 0 && ingesting.length === 0) break;
  }
  const photoIds = [...new Set(uploads.map((u) => u.photoId))];
  const rows = photoIds.length ? await db.selectFrom('photos').select(['id', 'customer_id']).where('id', 'in', photoIds).execute() : [];
  const found = new Set(rows.map((r) => r.id));
  const missing = photoIds.filter((id) => !found.has(id));
  if (missing.length) problems.push(`${missing.length} uploads answered success without their photo`);

  // The stand-in's own folder, read as it lies: its listing call fails on a folder another call is removing.
  const { keys, withoutMetadata } = bucketKeys(path.join(cluster.home, 's3', cluster.s3.config.bucket));
  // An ingest cut by the kill leaves its objects under a recorded intent, which the photo blob sweeper removes later.
  const intents = new Set((await db.selectFrom('photo_blob_intents').select('prefix').execute()).map((i) => i.prefix));
  const prefixOf = (key) => key.split('/').slice(0, 3).join('/');
  // s3rver writes an object and then its metadata: a write cut between the two (an upload on the killed
  // instance) leaves an object it cannot list. A photo's objects must all be whole; an unfinished upload's are given up later.
  const brokenPhotos = withoutMetadata.filter((key) => key.startsWith('photos/') && !intents.has(prefixOf(key)));
  if (brokenPhotos.length) problems.push(`${brokenPhotos.length} photo objects in the bucket without their metadata: ${brokenPhotos.slice(0, 3).join(', ')}`);
  const allPhotos = await db.selectFrom('photos').select(['id', 'customer_id']).execute();
  const withoutOriginal = allPhotos.filter((p) => !['jpg', 'png', 'heic'].some((ext) => keys.has(`photos/${p.customer_id}/${p.id}/original.${ext}`)));
  if (withoutOriginal.length) problems.push(`${withoutOriginal.length} photos without their original in the bucket`);
  const known = new Set(allPhotos.map((p) => p.id));
  const unknown = [...keys].filter((k) => k.startsWith('photos/') && !known.has(k.split('/')[2]));
  const orphans = unknown.filter((k) => !intents.has(prefixOf(k)));
  if (orphans.length) problems.push(`${orphans.length} photo objects in the bucket without their photo or an intent: ${orphans.slice(0, 3).join(', ')}`);
  const leftUploads = [...keys].filter((k) => k.startsWith('uploads/'));

  const zipRows = zips.length ? await db.selectFrom('downloads').select(['id', 'state']).where('id', 'in', zips).execute() : [];
  const zipStates = Object.fromEntries(['ready', 'failed', 'other'].map((s) => [s, 0]));
  for (const z of zipRows) zipStates[['ready', 'failed'].includes(z.state) ? z.state : 'other']++;
  if (zipRows.length !== zips.length) problems.push(`${zips.length - zipRows.length} zips asked for have no record`);
  if (zipStates.other) problems.push(`${zipStates.other} zips never finished`);

  // Month counts: the timeline's answer for every customer against the rows.
  let monthsChecked = 0;
  const timelineAndRows = async (c) => {
    const counts = await (await fetch(`${cluster.url}${PHOTOS_API}/users/timeline`, { headers: c.headers })).json();
    const rows = await db.selectFrom('photos').select(db.fn.countAll().as('n')).where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    return { counts, total: Object.values(counts).flatMap((months) => Object.values(months)).reduce((a, b) => a + b, 0), rows: Number(rows.n) };
  };
  for (const c of customers) {
    let seen = await timelineAndRows(c);
    if (seen.total !== seen.rows) seen = await timelineAndRows(c);
    monthsChecked += Object.values(seen.counts).flatMap((m) => Object.keys(m)).length;
    if (seen.total !== seen.rows) problems.push(`customer ${c.id}: the timeline counts ${seen.total} photos, the rows ${seen.rows}`);
  }
  const stuck = await db.selectFrom('uploads').select('id').where('status', 'in', ['receiving', 'ingesting']).execute();
  return {
    ok: problems.length === 0,
    problems,
    uploadsAnsweredSuccess: uploads.length,
    photosFound: photoIds.length - missing.length,
    photosInLibraries: allPhotos.length,
    bucketObjects: keys.size,
    unfinishedUploadObjectsLeft: leftUploads.length,
    photoObjectsAwaitingTheSweeper: unknown.length - orphans.length,
    cutUploadObjects: withoutMetadata.length - brokenPhotos.length,
    uploadRowsUnfinished: stuck.length,
    zipsAskedFor: zips.length,
    zips: zipStates,
    monthsChecked,
  };
}

/**
 * When HAProxy took an instance out of rotation during the load, and why: the killed one, and an instance
 * whose dependency was out for longer than 5 s (Redis), no other (decision 102); a readiness check's 'slow'
 * keeps a busy instance in.
 */
function balancerMarkDowns(cluster, fromByte) {
  const text = fs.readFileSync(path.join(cluster.logs, 'haproxy.log')).subarray(fromByte).toString('utf8');
  // HAProxy writes each change twice (a warning on stderr, then its log line): its log lines only.
  const down = text.split('\n').filter((line) => /^Server \S+ is DOWN\b/.test(line));
  const byServerAndReason = {};
  for (const line of down) {
    const server = /^Server \S+\/(\S+) is DOWN/.exec(line)?.[1] ?? 'unknown';
    const reason = /reason: ([^,]+)/.exec(line)?.[1] ?? 'unknown';
    const key = `${server}: ${reason}`;
    byServerAndReason[key] = (byServerAndReason[key] ?? 0) + 1;
  }
  return { markedDown: byServerAndReason, lines: down.map((line) => line.slice(0, 300)) };
}

function print(report) {
  console.log(`\nSoak: ${report.customers} customers, ${report.seconds} s`);
  for (const e of report.events) console.log(`  ${e.t.toFixed(0).padStart(4)} s  ${e.what}`);
  const columns = (r) => `${String(r.requests).padStart(9)} ${String(r.errors).padStart(7)} ${String(r.retryLater).padStart(16)} ${String(r.inFlightAtKill).padStart(18)}`;
  console.log('\n  phase      requests  errors  503+Retry-After  in flight at kill   p50 ms   p99 ms');
  for (const [phase, p] of Object.entries(report.phases)) console.log(`  ${phase.padEnd(8)} ${columns(p)} ${String(p.p50).padStart(8)} ${String(p.p99).padStart(8)}`);
  console.log('\n  action          requests  errors  503+Retry-After  in flight at kill   p50 ms   p99 ms');
  for (const [action, a] of Object.entries(report.byAction)) console.log(`  ${action.padEnd(15)} ${columns(a)} ${String(a.p50).padStart(8)} ${String(a.p99).padStart(8)}`);
  const downs = Object.entries(report.balancer.markedDown);
  console.log(`\n  taken out of rotation by the balancer: ${downs.length ? downs.map(([server, n]) => `${server} ${n}×`).join('; ') : 'never'}`);
  if (Object.keys(report.errors).length) {
    console.log('\n  errors (status or network error, action, phase, instance):');
    for (const [key, n] of Object.entries(report.errors)) console.log(`  ${String(n).padStart(5)}  ${key}`);
  }
  console.log(`\n  consistency: ${report.consistency.ok ? 'OK' : 'FAILED'}`);
  for (const [k, v] of Object.entries(report.consistency)) if (k !== 'ok') console.log(`    ${k}: ${JSON.stringify(v)}`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[soak] ${err instanceof Failure ? err.message : (err.stack ?? err)}`);
    process.exit(1);
  },
);
