// Copying 500 photos into an album through the real API: POST /albums/{id}/photos with
// { photoIds: [500 ids] } (ALBUM_PHOTOS_BATCH_SIZE, the most one request may carry) for the bench
// customer of the seeded library (100,000 of 1,000,000 photos; `npm run seed`, cached). Each copy
// goes into a fresh album (POST /albums, timed on its own) with a different set of photos: one page
// of 500 from GET /photos, i.e. 500 photos next to each other in the timeline, as a selection is.
// Right after each copy the same request is sent again: every photo is already in the album, the
// no-op path, reported apart. One keep-alive connection, one request at a time: the latency one
// customer sees. The server runs on a temporary copy of the library's database (support/
// library-copy.mjs), so the cached library is never written to; the bench checks it afterwards.
// Baseline: support/replay-server.mjs, a bare Node HTTP server that reads and JSON.parse-s the
// same request bodies and answers with the exact status, headers and bytes captured from the real
// endpoints in this run; its requests are interleaved with the real ones, alternating which goes first.
import fs from 'node:fs';
import path from 'node:path';
import { ALBUM_PHOTOS_BATCH_SIZE } from '@shoebox/contracts';
import { Pool } from 'undici';
import { accessToken } from './support/access-token.mjs';
import { ensureLibrary } from './support/library.mjs';
import { copyLibrary } from './support/library-copy.mjs';
import { BARE_SERVER_SCRIPT } from './support/paths.mjs';
import { freePort, spawnServer, startShoebox } from './support/server.mjs';
import { median, percentile, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const API = '/api/photo-management';
/** Recorded copies, each into a fresh album, each with a different page of photos while there are enough. */
const COPIES = 200;
/** Unrecorded copies first (JIT, statement cache, page cache), the same way. */
const WARMUP_COPIES = 10;
const BUDGET_P95_MS = 250;
const REQUEST_TIMEOUT_MS = 10_000;
const REPLAY_SCRIPT = path.join(path.dirname(BARE_SERVER_SCRIPT), 'replay-server.mjs');
/** Not replayed: they describe one connection or one moment, and the replay server sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

const newPool = (origin) => new Pool(origin, { connections: 1, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: 60_000 });

/** One request, timed from sending it to the last byte of the answer's body. */
async function send(pool, method, url, headers, body) {
  const t0 = performance.now();
  const response = await pool.request({ method, path: url, headers, body });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return { ms: performance.now() - t0, status: response.statusCode, headers: response.headers, body: bytes };
}

function expect(r, status, what) {
  if (r.status !== status) throw new Error(`${what} answered ${r.status}, expected ${status}: ${r.body.toString('utf8').slice(0, 300)}`);
  return JSON.parse(r.body.toString('utf8'));
}

function forReplay(r) {
  const headers = {};
  for (const [name, value] of Object.entries(r.headers)) if (!HOP_HEADERS.has(name)) headers[name] = value;
  return { status: r.status, headers, body: r.body.toString('base64') };
}

/** Pages of GET /photos (500 each, the customer's own order) until `n` full pages, or the last one. */
async function photoPages(pool, headers, n) {
  const pages = [];
  let cursor = null;
  do {
    const url = `${API}/photos?limit=${ALBUM_PHOTOS_BATCH_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = expect(await send(pool, 'GET', url, headers), 200, `GET ${url}`);
    if (page.images.length === ALBUM_PHOTOS_BATCH_SIZE) pages.push(page.images.map((p) => p.imageId));
    cursor = page.cursor;
  } while (cursor && pages.length < n);
  if (!pages.length) throw new Error(`The bench customer has fewer than ${ALBUM_PHOTOS_BATCH_SIZE} photos`);
  return pages;
}

const stats = (samples) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / samples.length });

export default async function albumCopy({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const copy = copyLibrary(library);
  log(`database copied to a temp DATA_DIR (${(copy.bytes / 2 ** 20).toFixed(0)} MB in ${(copy.copyMs / 1000).toFixed(1)} s); the cached library stays as seeded`);
  const replayDir = tempDir('replay');
  let server;
  let replay;
  const pools = [];
  try {
    server = await startShoebox({ dataDir: copy.dataDir, env: { SEED_DEMO_DATA: 'false' } });
    log(`server up on the copy in ${server.startupMs.toFixed(0)} ms`);
    const token = await accessToken(server.baseUrl, library.account);
    log(`signed in as ${library.account.email}`);
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const ours = newPool(server.baseUrl);
    pools.push(ours);

    const pages = await photoPages(ours, auth, COPIES);
    const bodies = pages.map((ids) => JSON.stringify({ photoIds: ids }));
    log(`${pages.length} sets of ${ALBUM_PHOTOS_BATCH_SIZE} photo ids from GET /photos; body ${(bodies[0].length / 1024).toFixed(1)} KB`);
    const createBody = (i) => JSON.stringify({ name: `Bench copy ${i}` });
    const setOf = (i) => ((i % pages.length) + pages.length) % pages.length;

    // One copy on the real server, answered as the baseline will answer it.
    const created = await send(ours, 'POST', `${API}/albums`, json, createBody('capture'));
    const { albumId: capturedAlbum } = expect(created, 201, 'POST /albums');
    const copyUrl = (id) => `${API}/albums/${encodeURIComponent(id)}/photos`;
    const added = await send(ours, 'POST', copyUrl(capturedAlbum), json, bodies[0]);
    if (expect(added, 200, `POST ${copyUrl(capturedAlbum)}`).failed.length) throw new Error(`POST ${copyUrl(capturedAlbum)} failed some photos: ${added.body.toString('utf8').slice(0, 300)}`);
    const replayFile = path.join(replayDir.dir, 'responses.json');
    fs.writeFileSync(replayFile, JSON.stringify({ [`POST ${API}/albums`]: forReplay(created), [`POST ${copyUrl(capturedAlbum)}`]: forReplay(added) }));
    replay = await spawnServer({ script: REPLAY_SCRIPT, port: await freePort(), env: { REPLAY_FILE: replayFile }, label: 'body replay server' });
    const base = newPool(`http://localhost:${replay.port}`);
    pools.push(base);

    const samples = { create: [], copy: [], again: [], baseCreate: [], baseCopy: [] };
    const albums = [];
    const realCopy = async (i, record) => {
      const c = await send(ours, 'POST', `${API}/albums`, json, createBody(i));
      const { albumId } = expect(c, 201, 'POST /albums');
      const body = bodies[setOf(i)];
      const first = await send(ours, 'POST', copyUrl(albumId), json, body);
      const again = await send(ours, 'POST', copyUrl(albumId), json, body);
      for (const r of [first, again]) {
        const { failed } = expect(r, 200, `POST ${copyUrl(albumId)}`);
        if (failed.length) throw new Error(`POST ${copyUrl(albumId)}: ${failed.length} photos failed, e.g. ${failed[0]}`);
      }
      if (!record) return;
      albums.push(albumId);
      samples.create.push(c.ms);
      samples.copy.push(first.ms);
      samples.again.push(again.ms);
    };
    const baseCopy = async (i, record) => {
      const c = await send(base, 'POST', `${API}/albums`, json, createBody(i));
      expect(c, 201, 'baseline POST /albums');
      const r = await send(base, 'POST', copyUrl(capturedAlbum), json, bodies[setOf(i)]);
      expect(r, 200, 'baseline POST …/photos');
      if (!record) return;
      samples.baseCreate.push(c.ms);
      samples.baseCopy.push(r.ms);
    };

    const started = performance.now();
    for (let i = -WARMUP_COPIES; i < COPIES; i++) {
      const record = i >= 0;
      // Alternate which goes first, so a slow moment of the machine does not always hit the same one.
      if (i % 2) {
        await realCopy(i, record);
        await baseCopy(i, record);
      } else {
        await baseCopy(i, record);
        await realCopy(i, record);
      }
      if (record && (i + 1) % 50 === 0) log(`${i + 1}/${COPIES} copies: p95 so far ${percentile(samples.copy, 95).toFixed(1)} ms (again ${percentile(samples.again, 95).toFixed(1)} ms), baseline ${percentile(samples.baseCopy, 95).toFixed(1)} ms`);
    }
    const loopSeconds = (performance.now() - started) / 1000;

    // The copies happened: a few of the albums hold exactly their 500 photos.
    for (const id of [albums[0], albums[Math.floor(albums.length / 2)], albums.at(-1)]) {
      const album = expect(await send(ours, 'GET', `${API}/albums/${encodeURIComponent(id)}`, auth), 200, `GET /albums/${id}`);
      if (album.photosCount !== ALBUM_PHOTOS_BATCH_SIZE) throw new Error(`Album ${id} holds ${album.photosCount} photos after the copy, expected ${ALBUM_PHOTOS_BATCH_SIZE}`);
    }

    const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
    log(`${COPIES} copies in ${loopSeconds.toFixed(1)} s: p50 ${s.copy.p50.toFixed(1)} / p95 ${s.copy.p95.toFixed(1)} / p99 ${s.copy.p99.toFixed(1)} ms; baseline p95 ${s.baseCopy.p95.toFixed(1)} ms`);

    const n = ALBUM_PHOTOS_BATCH_SIZE;
    const common = { unit: 'ms', baselineLabel: 'bare parse + replay' };
    const rows = [
      ...['p50', 'p95', 'p99'].map((p) =>
        row({ name: `POST /albums/{id}/photos, ${n} new photos (fresh album), ${p}`, value: s.copy[p], baseline: s.baseCopy[p], ...common, ...(p === 'p95' ? { budget: BUDGET_P95_MS } : {}) }),
      ),
      ...['p50', 'p95', 'p99'].map((p) =>
        row({ name: `POST /albums/{id}/photos, the same ${n} again (no-op), ${p}`, value: s.again[p], baseline: s.baseCopy[p], ...common }),
      ),
      ...['p50', 'p95'].map((p) =>
        row({ name: `POST /albums (create), ${p}`, value: s.create[p], baseline: s.baseCreate[p], ...common }),
      ),
    ];

    const untouched = copy.sourceUnchanged();
    if (!untouched) throw new Error(`The cached library's database ${library.database.file} changed during the bench`);
    return {
      rows,
      details: {
        library: { dataDir: library.dataDir, photos: library.photos, seedSeconds: library.seedSeconds, reused: library.reused, untouched },
        copy: { bytes: copy.bytes, copyMs: copy.copyMs },
        copies: COPIES,
        warmupCopies: WARMUP_COPIES,
        photoSets: pages.length,
        bodyBytes: median(bodies.map((b) => b.length)),
        loopSeconds,
        stats: s,
        samples,
      },
    };
  } finally {
    for (const pool of pools) await pool.close();
    await replay?.stop();
    await server?.stop();
    await replayDir.remove();
    await copy.remove();
  }
}
