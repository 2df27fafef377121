// Deleting an account of 100,000 photos in the embedded mode (SQLite + local folder): the bench
// customer of the seeded library (`npm run seed`, cached; 100,000 of 1,000,000 photos, each with its
// original and three sizes on disk), on a temporary copy of the library's database with the
// customer's photo folders hard-linked in (support/library-copy.mjs), so the cached library stays as
// seeded. The customer asks for the deletion and confirms it with the mailed link's token, through
// the real calls, on the running server. Figures:
// - how long from the confirmation until the deletion has finished (budget 120 s), beside the least
//   any deletion does: one DELETE of the customer's photo rows and `rm -rf` of their folder, on a
//   second copy;
// - another customer's timeline (GET /users/timeline and month pages, 4 keep-alive connections, one
//   request at a time each) while the deletion runs, p50/p95/p99 beside the same load on the same
//   server without any deletion, before and after it (budget: p95 ratio <= 1.2).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { accessToken } from './support/access-token.mjs';
import { ensureLibrary } from './support/library.mjs';
import { copyLibrary } from './support/library-copy.mjs';
import { startShoebox } from './support/server.mjs';
import { Pool } from 'undici';
import { median, row, sleep } from './support/stats.mjs';
import { CONNECTIONS, forMs, loadStats as stats, mostPhotosCustomer as otherCustomer, timelineLoad, timelineUrls } from './support/timeline-load.mjs';

const IDENTITIES = '/api/auth';
const BUDGET_SECONDS = 120;
const BUDGET_P95_RATIO = 1.2;
/** How long the load without deletion runs, before and after. */
const BASELINE_MS = 20_000;
const DELETION_TIMEOUT_MS = 10 * 60_000;
const FINISHED_POLL_MS = 100;

/** Hard-links the customer's photo folder (every photo's original and sizes) from the library into the copy. */
function linkPhotoFolder(fromDataDir, toDataDir, customerId) {
  const started = performance.now();
  const target = path.join(toDataDir, 'blobs', 'photos');
  fs.mkdirSync(target, { recursive: true });
  execFileSync('cp', ['-al', path.join(fromDataDir, 'blobs', 'photos', customerId), target]);
  return performance.now() - started;
}

/** Files (not folders) under `dir`, counted by find: hundreds of thousands of them. */
const countFiles = (dir) => (fs.existsSync(dir) ? execFileSync('find', [dir, '-type', 'f'], { maxBuffer: 1 << 30 }).toString().split('\n').filter(Boolean).length : 0);

/** The claims of an access token (a JWT), unverified: the bench only reads its own token's identity. */
const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** POST with a JSON body; answers the status and the parsed body. */
async function post(origin, url, headers, body) {
  const pool = new Pool(origin, { connections: 1 });
  try {
    const json = body === undefined ? {} : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await pool.request({ method: 'POST', path: url, headers, ...json });
    const text = await response.body.text();
    return { status: response.statusCode, text };
  } finally {
    await pool.close();
  }
}

/** The confirmation token in the newest account-deletion mail of the outbox. */
async function mailedToken(outbox) {
  for (const started = Date.now(); Date.now() - started < 30_000; await sleep(100)) {
    const mails = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((n) => n.endsWith('.json')).sort().reverse();
    for (const name of mails) {
      const text = fs.readFileSync(path.join(outbox, name), 'utf8');
      const token = text.includes('/delete-account-confirmation') && /confirmation-token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
  }
  throw new Error(`No account deletion mail in ${outbox} within 30 s`);
}

/** Asks for the account's deletion and confirms it with the mailed token, as the customer does; answers when it was confirmed. */
async function deleteAccount(server, token, channel, outbox) {
  const { idp_type: idpType, idp_sub: idpSub } = claimsOf(token);
  const base = `${IDENTITIES}/v2/identities/${encodeURIComponent(idpType)}/${encodeURIComponent(idpSub)}/deleteaccount`;
  const headers = { authorization: `Bearer ${token}` };
  const asked = await post(server.baseUrl, base, headers, { channel });
  if (asked.status !== 202) throw new Error(`POST ${base} answered ${asked.status}: ${asked.text.slice(0, 300)}`);
  const confirmation = await mailedToken(outbox);
  const confirmedAt = Date.now();
  const confirmed = await post(server.baseUrl, `${base}/${confirmation}/actions/confirm`, headers);
  if (confirmed.status >= 300) throw new Error(`Confirming the deletion answered ${confirmed.status}: ${confirmed.text.slice(0, 300)}`);
  return confirmedAt;
}

/** The floor: one DELETE of the customer's photo rows and `rm -rf` of their folder, on a copy of its own. */
function bareDeletion(library, customerId, log) {
  const copy = copyLibrary(library);
  try {
    linkPhotoFolder(library.dataDir, copy.dataDir, customerId);
    const db = new Database(path.join(copy.dataDir, 'shoebox.db'));
    try {
      db.pragma('foreign_keys = ON');
      const started = performance.now();
      db.prepare('delete from photos where customer_id = ?').run(customerId);
      execFileSync('rm', ['-rf', path.join(copy.dataDir, 'blobs', 'photos', customerId)]);
      const seconds = (performance.now() - started) / 1000;
      log(`bare deletion (one DELETE + rm -rf) took ${seconds.toFixed(1)} s`);
      return seconds;
    } finally {
      db.close();
    }
  } finally {
    void copy.remove();
  }
}

export default async function accountDeletion({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const benchId = library.account.customerId;
  const copy = copyLibrary(library);
  const linkMs = linkPhotoFolder(library.dataDir, copy.dataDir, benchId);
  const folder = path.join(copy.dataDir, 'blobs', 'photos', benchId);
  const filesBefore = countFiles(folder);
  log(`database copied (${(copy.bytes / 2 ** 20).toFixed(0)} MB in ${(copy.copyMs / 1000).toFixed(1)} s), ${filesBefore} photo files hard-linked in ${(linkMs / 1000).toFixed(1)} s`);
  const db = new Database(path.join(copy.dataDir, 'shoebox.db'));
  let server;
  try {
    const other = otherCustomer(db, benchId);
    log(`the other customer: ${other.account.email} with ${other.photos} photos`);

    const channel = db.prepare('select channel from customers where id = ?').get(benchId).channel;
    server = await startShoebox({ dataDir: copy.dataDir, env: { SEED_DEMO_DATA: 'false' } });
    log(`server up on the copy in ${server.startupMs.toFixed(0)} ms`);
    const token = await accessToken(server.baseUrl, other.account);
    const leaverToken = await accessToken(server.baseUrl, library.account);
    const headers = { authorization: `Bearer ${token}` };
    const urls = await timelineUrls(server.baseUrl, headers);
    log(`${urls.length} timeline URLs of the other customer; load without deletion for ${BASELINE_MS / 1000} s`);
    const before = await timelineLoad({ origin: server.baseUrl, urls, headers, until: forMs(BASELINE_MS) });

    const confirmedAt = await deleteAccount(server, leaverToken, channel, path.join(copy.dataDir, 'outbox'));
    const tombstone = db.prepare('select tombstone from account_deletions where customer_id = ?').get(benchId)?.tombstone;
    if (!tombstone) throw new Error('The confirmed deletion is not recorded');
    const finishedAt = () => db.prepare('select finished_at from account_deletions where tombstone = ?').get(tombstone)?.finished_at;
    log('deletion confirmed; timeline load until it finishes');
    let finished;
    let lookedAt = 0;
    const during = await timelineLoad({
      origin: server.baseUrl,
      urls,
      headers,
      warmupMs: 0,
      until: () => {
        // Looked for at most every FINISHED_POLL_MS: the end is known to within that.
        if (!finished && Date.now() - lookedAt >= FINISHED_POLL_MS) {
          lookedAt = Date.now();
          finished = finishedAt();
        }
        if (!finished && Date.now() - confirmedAt > DELETION_TIMEOUT_MS) throw new Error(`The deletion did not finish within ${DELETION_TIMEOUT_MS / 1000} s`);
        if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`The server stopped (${server.child.exitCode ?? server.child.signalCode}) during the deletion:\n${server.output().slice(-3000)}`);
        return Boolean(finished);
      },
    });
    const seconds = (Date.parse(finished) - confirmedAt) / 1000;
    log(`deletion finished ${seconds.toFixed(1)} s after the confirmation; ${during.length} timeline requests meanwhile`);

    log(`load without deletion again, on the same server, for ${BASELINE_MS / 1000} s`);
    const after = await timelineLoad({ origin: server.baseUrl, urls, headers, until: forMs(BASELINE_MS) });
    await server.stop();
    server = undefined;

    // The deletion really happened: no row, no file of the customer's photos.
    const rowsLeft = db.prepare('select count(*) as n from photos where customer_id = ?').get(benchId).n;
    const filesLeft = countFiles(folder);
    if (rowsLeft || filesLeft || db.prepare('select 1 from customers where id = ?').get(benchId)) throw new Error(`After the deletion ${rowsLeft} photo rows and ${filesLeft} files of the customer are left`);
    const otherLeft = db.prepare('select count(*) as n from photos where customer_id = ?').get(other.id).n;
    if (otherLeft !== other.photos) throw new Error(`The other customer has ${otherLeft} photos after the deletion, ${other.photos} before`);

    const bare = bareDeletion(library, benchId, log);
    // The machine's load moves between the two windows: each counts the same, whatever its request count.
    const s = { before: stats(before), after: stats(after), during: stats(during) };
    s.baseline = Object.fromEntries(['p50', 'p95', 'p99'].map((p) => [p, (s.before[p] + s.after[p]) / 2]));
    log(`timeline p95: ${s.during.p95.toFixed(1)} ms during the deletion, ${s.baseline.p95.toFixed(1)} ms without (before ${s.before.p95.toFixed(1)}, after ${s.after.p95.toFixed(1)})`);
    const common = { unit: 'ms', baselineLabel: 'same load, no deletion (mean of before, after)' };
    const rows = [
      row({ name: `delete an account of ${library.photos.bench.toLocaleString('en')} photos (${filesBefore.toLocaleString('en')} files), until finished`, value: seconds, unit: 's', baseline: bare, baselineLabel: 'one DELETE + rm -rf', budget: BUDGET_SECONDS }),
      row({ name: `another customer's timeline during the deletion, p95 (${CONNECTIONS} conn)`, value: s.during.p95, baseline: s.baseline.p95, ...common, budget: BUDGET_P95_RATIO, budgetOn: 'ratio' }),
      row({ name: `another customer's timeline during the deletion, p50 (${CONNECTIONS} conn)`, value: s.during.p50, baseline: s.baseline.p50, ...common }),
      row({ name: `another customer's timeline during the deletion, p99 (${CONNECTIONS} conn)`, value: s.during.p99, baseline: s.baseline.p99, ...common }),
    ];
    return {
      rows,
      details: {
        library: { dataDir: library.dataDir, photos: library.photos, reused: library.reused },
        copy: { bytes: copy.bytes, copyMs: copy.copyMs, linkMs, files: filesBefore },
        other: { photos: other.photos, urls: urls.length },
        deletionSeconds: seconds,
        bareDeletionSeconds: bare,
        stats: s,
        medians: { before: median(before), during: median(during), after: median(after) },
      },
    };
  } finally {
    await server?.stop();
    db.close();
    await sleep(0);
    await copy.remove();
  }
}
