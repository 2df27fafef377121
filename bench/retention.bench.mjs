// The daily storage-period run (decision 071) in the embedded mode (SQLite + local folder), on a temporary
// copy of the seeded library's database (support/library-copy.mjs) to which the bench adds 1,000,000
// customers: most registered recently (nothing due), 10,000 whose period ended with all three reminders
// sent (10 photos each, their files hard-linked from the library's pictures), and 1,000 due their first
// reminder (1 photo each). The library's own customers are given a recent registration and orders, so the
// run leaves them alone. Figures:
// - how long the run takes, from the server's start (it enqueues the day's run at start once the hour has
//   passed: RETENTION_RUN_HOUR_UTC=0) until the day's retention_runs row is finished (budget 600 s), beside
//   the floor: reading the same customers in the same pages with the same query, in this process;
// - the run's counts (expected: 10,000 emptied, 1,000 reminded, none reprieved or deferred) and the due
//   customers' photo rows and files left (expected: none);
// - the library customer with the most photos loads their timeline (support/timeline-load.mjs) while the run
//   goes on: p50/p95/p99 beside the same load on an idle server (before the run, on a server started with
//   its runs off, and after it, on the same server), budget p95 ratio <= 1.2.
// The run's progress (customers seen, photos deleted, files waiting for the sweeper) is sampled every few
// seconds into the details, to tell where its time goes.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectedDeletionDate } from '@shoebox/contracts';
import Database from 'better-sqlite3';
import { accessToken } from './support/access-token.mjs';
import { ensureLibrary } from './support/library.mjs';
import { copyLibrary } from './support/library-copy.mjs';
import { startShoebox } from './support/server.mjs';
import { median, row, sleep } from './support/stats.mjs';
import { forMs, loadStats, mostPhotosCustomer, timelineLoad, timelineUrls } from './support/timeline-load.mjs';

const CUSTOMERS = Number(process.env.BENCH_RETENTION_CUSTOMERS ?? 1_000_000);
const DUE = Number(process.env.BENCH_RETENTION_DUE ?? 10_000);
const REMINDED = Number(process.env.BENCH_RETENTION_REMINDED ?? 1_000);
const PHOTOS_PER_DUE = 10;
const BUDGET_SECONDS = 600;
const BUDGET_P95_RATIO = 1.2;
const BASELINE_MS = 20_000;
const RUN_TIMEOUT_MS = 12 * 60_000;
const PROGRESS_EVERY_MS = 5_000;
const FINISHED_POLL_MS = 100;
/** Rows per seeding transaction. */
const SEED_CHUNK = 50_000;
/** The run's page (retention-plan.ts SCAN_PAGE), for the floor measured here. */
const SCAN_PAGE = 1_000;
const DAY_MS = 86_400_000;
const CHANNEL = 'www.printhaven.co.uk';

const iso = (ms) => new Date(ms).toISOString();
const monthOf = (isoString) => isoString.slice(0, 7);

/** Registered 18 months minus 20 days ago: the deletion day is 20 days ahead, inside the first reminder's 30. */
function firstReminderRegistration(now) {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - 18);
  return d.getTime() + 20 * DAY_MS;
}

/** The library's pictures (original and sizes), to hard-link as the new photos' files. */
function pictureSets(library) {
  const dir = path.join(library.dataDir, 'seed-library');
  const originals = fs.readdirSync(dir).filter((f) => f.endsWith('-original.jpg')).sort();
  return originals.map((o) => {
    const stem = o.slice(0, -'-original.jpg'.length);
    return { original: path.join(dir, o), bytes: fs.statSync(path.join(dir, o)).size, sizes: [300, 800, 1300].map((s) => [s, path.join(dir, `${stem}-${s}.jpg`)]) };
  });
}

/**
 * Adds the customers, the due ones' photos (rows, month counts, library version, files as the server writes
 * them) and the stored sequences of those whose three reminders went out. Answers the due and reminded ids.
 */
function seed(db, dataDir, library, now, log) {
  const started = performance.now();
  // The period runs from the last order when there is one, else from registration: both recent for the library's customers.
  db.prepare('update customers set registered_at = ?').run(iso(now - 30 * DAY_MS));
  db.prepare('update orders set created_at = ?').run(iso(now - 30 * DAY_MS));
  const ids = Array.from({ length: CUSTOMERS }, () => crypto.randomUUID()).sort();
  // Spread over the id order, as real customers are: every n-th id is due.
  const dueEvery = Math.floor(CUSTOMERS / DUE);
  const remindEvery = Math.floor(CUSTOMERS / REMINDED);
  const due = [];
  const reminded = [];
  const insertCustomer = db.prepare("insert into customers (id, email, first_name, last_name, phone, channel, registered_at) values (?, ?, 'Retention', ?, null, ?, ?)");
  const insertPhoto = db.prepare(
    "insert into photos (id, customer_id, checksum, original_name, mime, bytes, width, height, date_taken, date_taken_offset, taken_month, uploaded_at, upload_month, upload_id, renditions) values (?, ?, ?, ?, 'image/jpeg', ?, 4000, 3000, ?, null, ?, ?, ?, ?, ?)",
  );
  const insertCount = db.prepare('insert into photo_month_counts (customer_id, sort_key, month, count) values (?, ?, ?, ?) on conflict (customer_id, sort_key, month) do update set count = count + excluded.count');
  const insertVersion = db.prepare('insert into photo_library_versions (customer_id, version) values (?, 1) on conflict (customer_id) do update set version = version + 1');
  const insertPeriod = db.prepare('insert into storage_periods (customer_id, period_end, deletion_at, reminders_sent, reminded_at) values (?, ?, ?, 3, ?)');
  const renditions = JSON.stringify([
    { size: 300, width: 300, height: 225 },
    { size: 800, width: 800, height: 600 },
    { size: 1300, width: 1300, height: 975 },
  ]);
  const pictures = pictureSets(library);
  const links = [];
  const addPhotos = (customerId, registeredAt, count) => {
    for (let k = 0; k < count; k++) {
      const photoId = crypto.randomUUID();
      const taken = iso(registeredAt + k * DAY_MS).slice(0, 19);
      const uploaded = iso(registeredAt + k * 3_600_000 + 60_000);
      const picture = pictures[(links.length + k) % pictures.length];
      insertPhoto.run(photoId, customerId, crypto.randomBytes(32).toString('hex'), `IMG_${k}.jpg`, picture.bytes, taken, monthOf(taken), uploaded, monthOf(uploaded), crypto.randomUUID(), renditions);
      insertCount.run(customerId, 'dateTaken', monthOf(taken), 1);
      insertCount.run(customerId, 'created', monthOf(uploaded), 1);
      links.push({ customerId, photoId, picture });
    }
    insertVersion.run(customerId);
  };
  const reminderRegistration = firstReminderRegistration(now);
  for (let from = 0; from < ids.length; from += SEED_CHUNK) {
    db.transaction(() => {
      for (let i = from; i < Math.min(from + SEED_CHUNK, ids.length); i++) {
        const id = ids[i];
        let registeredAt;
        if (i % dueEvery === 0 && due.length < DUE) {
          // About two years ago, no orders: the period ended six months ago; all three reminders went out.
          registeredAt = now - 730 * DAY_MS + (i % 86_400) * 1000;
          const end = projectedDeletionDate(new Date(registeredAt)).toISOString();
          addPhotos(id, registeredAt, PHOTOS_PER_DUE);
          insertPeriod.run(id, end, end, iso(Date.parse(end) - DAY_MS));
          due.push(id);
        } else if (i % remindEvery === 1 && reminded.length < REMINDED) {
          registeredAt = reminderRegistration + (i % 3_600) * 1000;
          addPhotos(id, registeredAt, 1);
          reminded.push(id);
        } else {
          registeredAt = now - (1 + (i % 300)) * DAY_MS;
        }
        insertCustomer.run(id, `retention-${i}@example.com`, `Customer ${i}`, CHANNEL, iso(registeredAt));
      }
    })();
  }
  const rowsMs = performance.now() - started;
  const linkStarted = performance.now();
  const photosDir = path.join(dataDir, 'blobs', 'photos');
  for (const { customerId, photoId, picture } of links) {
    const dir = path.join(photosDir, customerId, photoId);
    fs.mkdirSync(dir, { recursive: true });
    fs.linkSync(picture.original, path.join(dir, 'original.jpg'));
    for (const [size, file] of picture.sizes) fs.linkSync(file, path.join(dir, `${size}.jpg`));
  }
  const linkMs = performance.now() - linkStarted;
  log(`seeded ${CUSTOMERS.toLocaleString('en')} customers (${due.length} due with ${PHOTOS_PER_DUE} photos, ${reminded.length} due a first reminder) in ${(rowsMs / 1000).toFixed(1)} s; ${(links.length * 4).toLocaleString('en')} files linked in ${(linkMs / 1000).toFixed(1)} s`);
  return { due, reminded, photos: links.length, rowsMs, linkMs };
}

/** The floor: every page of the run's customer query read in this process, no pauses, no actions. */
function bareScan(db) {
  // The same statement as retention.repository.ts page(), written out.
  const page = db.prepare(`
    select c.id, c.email, c.channel, c.registered_at, sp.period_end, sp.deletion_at, sp.reminders_sent, sp.emptied_at, sp.emptied_photos, sp.emptied_mail_sent_at,
      (select max(o.created_at) from orders o where o.customer_id = c.id) as last_order_at,
      exists (select p.id from photos p where p.customer_id = c.id) as has_photos,
      case when sp.emptied_at is not null then (select min(p.uploaded_at) from photos p where p.customer_id = c.id) end as first_photo_at
    from customers c left join storage_periods sp on sp.customer_id = c.id
    where c.deleted_at is null and c.id > ? order by c.id limit ?`);
  const started = performance.now();
  const pageMs = [];
  for (let cursor = ''; ; ) {
    const t0 = performance.now();
    const rows = page.all(cursor, SCAN_PAGE);
    pageMs.push(performance.now() - t0);
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1].id;
  }
  return { seconds: (performance.now() - started) / 1000, pages: pageMs.length, pageMsMedian: median(pageMs), pageMsMax: Math.max(...pageMs) };
}

const count = (db, sql, ids) => {
  const tmp = `t_${crypto.randomBytes(4).toString('hex')}`;
  db.exec(`create temp table ${tmp} (id text primary key)`);
  const insert = db.prepare(`insert into ${tmp} values (?)`);
  db.transaction(() => ids.forEach((id) => insert.run(id)))();
  const n = db.prepare(sql.replaceAll('$ids', tmp)).get().n;
  db.exec(`drop table ${tmp}`);
  return n;
};

const filesUnder = (dir) => (fs.existsSync(dir) ? Number(execFileSync('sh', ['-c', `find "${dir}" -type f | wc -l`]).toString().trim()) : 0);

export default async function retention({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const copy = copyLibrary(library);
  log(`database copied (${(copy.bytes / 2 ** 20).toFixed(0)} MB in ${(copy.copyMs / 1000).toFixed(1)} s)`);
  const idle = { SEED_DEMO_DATA: 'false', RETENTION_RUN_HOUR_UTC: 'off' };
  let server;
  let db;
  try {
    // The server's migrations give the copy the storage period's tables.
    server = await startShoebox({ dataDir: copy.dataDir, env: idle });
    await server.stop();
    server = undefined;

    db = new Database(path.join(copy.dataDir, 'shoebox.db'));
    db.pragma('journal_mode = WAL');
    const now = Date.now();
    const seeded = seed(db, copy.dataDir, library, now, log);
    db.exec('analyze');
    const other = mostPhotosCustomer(db, library.account.customerId);
    log(`the timeline customer: ${other.account.email} with ${other.photos} photos`);
    const scan = bareScan(db);
    log(`bare scan of ${scan.pages} pages: ${scan.seconds.toFixed(1)} s (page median ${scan.pageMsMedian.toFixed(1)} ms, max ${scan.pageMsMax.toFixed(1)} ms)`);
    const dueFolders = seeded.due.slice(0, 100).map((id) => path.join(copy.dataDir, 'blobs', 'photos', id));
    const dueFilesBefore = dueFolders.reduce((n, dir) => n + filesUnder(dir), 0);

    server = await startShoebox({ dataDir: copy.dataDir, env: idle });
    let headers = { authorization: `Bearer ${await accessToken(server.baseUrl, other.account)}` };
    const urls = await timelineUrls(server.baseUrl, headers);
    log(`${urls.length} timeline URLs; idle load for ${BASELINE_MS / 1000} s`);
    const before = await timelineLoad({ origin: server.baseUrl, urls, headers, until: forMs(BASELINE_MS) });
    await server.stop();
    server = undefined;

    const day = new Date().toISOString().slice(0, 10);
    server = await startShoebox({ dataDir: copy.dataDir, env: { SEED_DEMO_DATA: 'false', RETENTION_RUN_HOUR_UTC: '0' } });
    const startedAt = Date.now() - server.startupMs;
    // A token does not outlive its server's process: signed in again, the run already under way.
    headers = { authorization: `Bearer ${await accessToken(server.baseUrl, other.account)}` };
    log(`server up with the run's hour passed (${server.startupMs.toFixed(0)} ms); timeline load until the run finishes`);
    const runRow = db.prepare('select * from retention_runs where day = ?');
    const pendingBlobs = db.prepare('select count(*) as n from blob_deletions');
    const progress = [];
    let finished;
    let lookedAt = 0;
    let sampledAt = 0;
    const during = await timelineLoad({
      origin: server.baseUrl,
      urls,
      headers,
      until: () => {
        const t = Date.now();
        if (t - sampledAt >= PROGRESS_EVERY_MS) {
          sampledAt = t;
          const r = runRow.get(day);
          const sample = { s: Math.round((t - startedAt) / 1000), seen: r?.customers_seen ?? 0, reminded: r?.reminded ?? 0, emptied: r?.emptied ?? 0, photosDeleted: r?.photos_deleted ?? 0, blobsPending: pendingBlobs.get().n };
          progress.push(sample);
          log(`run at ${sample.s} s: ${sample.seen} customers seen, ${sample.reminded} reminded, ${sample.emptied} emptied, ${sample.photosDeleted} photos deleted, ${sample.blobsPending} photo folders waiting for the sweeper`);
        }
        if (!finished && t - lookedAt >= FINISHED_POLL_MS) {
          lookedAt = t;
          finished = runRow.get(day)?.finished_at ?? undefined;
        }
        if (!finished && t - startedAt > RUN_TIMEOUT_MS) throw new Error(`The run did not finish within ${RUN_TIMEOUT_MS / 1000} s: ${JSON.stringify(runRow.get(day))}`);
        if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`The server stopped (${server.child.exitCode ?? server.child.signalCode}) during the run:\n${server.output().slice(-3000)}`);
        return Boolean(finished);
      },
    });
    const run = runRow.get(day);
    const seconds = (Date.parse(run.finished_at) - startedAt) / 1000;
    const runSeconds = (Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000;
    log(`run finished ${seconds.toFixed(1)} s after the server's start (${runSeconds.toFixed(1)} s from its own start): ${JSON.stringify(run)}`);

    log(`idle load again, on the same server, for ${BASELINE_MS / 1000} s`);
    const after = await timelineLoad({ origin: server.baseUrl, urls, headers, until: forMs(BASELINE_MS) });
    const sweptBy = performance.now();
    for (; pendingBlobs.get().n > 0 && performance.now() - sweptBy < 60_000; ) await sleep(1000);
    const blobsPendingAtEnd = pendingBlobs.get().n;
    await server.stop();
    server = undefined;

    const photosLeft = count(db, 'select count(*) as n from photos where customer_id in (select id from $ids)', seeded.due);
    const countsLeft = count(db, 'select count(*) as n from photo_month_counts where customer_id in (select id from $ids)', seeded.due);
    const dueFilesAfter = dueFolders.reduce((n, dir) => n + filesUnder(dir), 0);
    const otherLeft = db.prepare('select count(*) as n from photos where customer_id = ?').get(other.id).n;
    const outbox = path.join(copy.dataDir, 'outbox');
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.json')).length : 0;
    log(`left for the due customers: ${photosLeft} photo rows, ${countsLeft} month counts, ${dueFilesAfter} of ${dueFilesBefore} files of the first 100; ${blobsPendingAtEnd} folders still waiting for the sweeper; ${mails} mails in the outbox; the timeline customer has ${otherLeft} of ${other.photos} photos`);
    if (otherLeft !== other.photos) throw new Error(`The timeline customer has ${otherLeft} photos after the run, ${other.photos} before`);

    const s = { before: loadStats(before), after: loadStats(after), during: loadStats(during) };
    s.baseline = Object.fromEntries(['p50', 'p95', 'p99'].map((p) => [p, (s.before[p] + s.after[p]) / 2]));
    const common = { unit: 'ms', baselineLabel: 'idle server (mean of before, after)' };
    const expected = (name, value, want) => row({ name, value, unit: '', baseline: want, baselineLabel: 'expected', note: value === want ? undefined : 'UNEXPECTED' });
    const rows = [
      row({ name: `run over ${(CUSTOMERS + library.photos.customers).toLocaleString('en')} customers (${DUE.toLocaleString('en')} due), server start to finished`, value: seconds, unit: 's', baseline: scan.seconds, baselineLabel: 'its customer pages read bare', budget: BUDGET_SECONDS }),
      expected('customers emptied', run.emptied, seeded.due.length),
      expected('customers reminded', run.reminded, seeded.reminded.length),
      expected('customers reprieved + deferred', run.reprieved + run.deferred, 0),
      expected('photos deleted', run.photos_deleted, seeded.due.length * PHOTOS_PER_DUE),
      expected("due customers' photo rows left", photosLeft, 0),
      row({ name: 'timeline during the run, p95 (4 conn)', value: s.during.p95, baseline: s.baseline.p95, ...common, budget: BUDGET_P95_RATIO, budgetOn: 'ratio' }),
      row({ name: 'timeline during the run, p50 (4 conn)', value: s.during.p50, baseline: s.baseline.p50, ...common }),
      row({ name: 'timeline during the run, p99 (4 conn)', value: s.during.p99, baseline: s.baseline.p99, ...common }),
    ];
    return {
      rows,
      details: {
        seeded: { customers: CUSTOMERS, due: seeded.due.length, reminded: seeded.reminded.length, photos: seeded.photos, rowsMs: seeded.rowsMs, linkMs: seeded.linkMs },
        run,
        seconds,
        runSeconds,
        bareScan: scan,
        progress,
        files: { sampledFolders: dueFolders.length, before: dueFilesBefore, after: dueFilesAfter, blobsPendingAtEnd },
        mails,
        other: { photos: other.photos, urls: urls.length },
        stats: s,
      },
    };
  } finally {
    await server?.stop();
    db?.close();
    await copy.remove();
  }
}
