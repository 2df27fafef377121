/**
 * A big photo library for benchmarks, built fast and cached.
 *
 * One demo-loginable customer (bench@example.com, the demo password) owns `photosPerCustomer`
 * photos; other customers own the rest of `total`. Dates spread over many years with seasons,
 * same-day bursts and an 'unknown date' share; the per-month counts are computed from the very rows
 * inserted, so they match what photo.repository.ts keeps. The schema comes from the migrations
 * (migrateToLatest first); the rows then go in with one prepared statement in big transactions
 * (better-sqlite3 directly on SQLite, multi-row Kysely inserts on PostgreSQL).
 *
 * Only the bench customer's photos get files: a handful of real originals and renditions, made once
 * with the same ingest as an upload, are hard-linked into every one of its photos' blob folders (by
 * a worker thread, while the rows go in). Other customers' photos have none.
 *
 * The result is keyed by the parameters, the migrations and this file: a data dir that already holds
 * a library with the same key is reused as it is.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { THUMBNAIL_SIZES, UNKNOWN_DATE } from '@shoebox/contracts';
import { photoBlobPrefix } from '../modules/photos/photo.repository.js';
import { originalKey, renditionKey, type Rendition } from '../modules/photos/photo.service.js';
import { ingestPhoto } from '../modules/uploads/ingest/ingest-photo.js';
import { makeTestJpeg } from './photo-like-images.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { createDatabase, type Db } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';
import type { PhotoMonthCountsTable, PhotosTable } from '../platform/db/schema.js';
import { createDemoAccount, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.js';

/** Bumped when the generated data changes in a way the source hash would not show. */
const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'bench-library.json';
const MARKER_SECRET = 'seed.bench-library';

export const BENCH_ACCOUNT: DemoAccount & { greeting: string } = {
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Library',
  description: 'benchmark customer with a very large photo library',
  registeredDaysAgo: 3650,
  lastOrderDaysAgo: 30,
  greeting: 'Hello Bench',
};

/** About one photo in twelve has no date taken (scans, screenshots, stripped EXIF). */
const UNDATED_SHARE = 0.08;
/** Photos per transaction. */
const CHUNK_ROWS = 50_000;
/** Rows per multi-row INSERT on PostgreSQL (16 columns, well under its 65,535 parameters). */
const PG_ROWS_PER_STATEMENT = 1_000;
/** ext4 allows 65,000 links to one inode: a source file gets a fresh copy after this many. */
const LINKS_PER_INODE = 50_000;
/** Photos a customer other than the bench customer owns: log-uniform in this range (capped by photosPerCustomer). */
const OTHER_MIN_PHOTOS = 20;
const OTHER_MAX_PHOTOS = 30_000;
/** A photo library grows: each year has this factor more photos than the year before. */
const YEARLY_GROWTH = 1.13;
/** Relative photo counts per month, January first: summer holidays and December stand out. */
const SEASON = [0.7, 0.6, 0.75, 0.9, 1.0, 1.15, 1.5, 1.6, 1.0, 0.9, 0.7, 1.3];
/** The distinct pictures the bench customer's photos show (landscape unless marked). */
const PICTURES = [
  { width: 4000, height: 3000, seed: 11 },
  { width: 4000, height: 3000, seed: 23 },
  { width: 3000, height: 4000, seed: 37 },
  { width: 4000, height: 3000, seed: 49 },
  { width: 4000, height: 3000, seed: 61 },
  { width: 3000, height: 4000, seed: 73 },
];
/** Sizes other customers' (file-less) photos claim to have. */
const OTHER_SIZES: [number, number][] = [
  [4032, 3024], [4032, 3024], [3024, 4032], [4000, 3000], [3000, 4000], [6000, 4000], [4000, 6000], [2048, 1536], [3000, 3000], [1080, 1920],
];

export interface SeedLibraryOptions {
  /** Photos of the bench customer. */
  photosPerCustomer: number;
  /** Photos in the whole database, the bench customer's included. */
  total: number;
  /** DATA_DIR of the server that will use the library (database file, blobs). */
  dataDir: string;
  /** postgres://… or a SQLite file; default DATA_DIR/shoebox.db, as the server's config does. */
  databaseUrl?: string;
  /** Replace a data dir that holds something else (or a library with another key). */
  force?: boolean;
  /** Whether other libraries in the same parent folder may be removed (a cache of one entry). */
  pruneSiblings?: boolean;
  /** Size of the bench pictures relative to 12 megapixels (4000x3000); tests use small ones. Default 1. */
  pictureScale?: number;
  log?: (message: string) => void;
}

export interface LibraryManifest {
  key: string;
  createdAt: string;
  /** Wall time of the build that made it. */
  seedSeconds: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  account: { email: string; password: string; greeting: string; customerId: string };
  photos: { bench: number; total: number; customers: number; benchUndated: number; benchMonths: number };
  /** How the bench customer's blob folders were filled. */
  blobs: { photos: number; sourceFiles: number; copiedInsteadOfLinked: number };
}

export interface SeedLibraryResult extends LibraryManifest {
  reused: boolean;
  /** This call's own time (small when reused). */
  seconds: number;
}

// ---- cache key ---------------------------------------------------------------------------------

const here = path.dirname(fileURLToPath(import.meta.url));

/** The key of a library: the parameters, every migration (name and contents) and this seeding code. */
export function libraryKey(photosPerCustomer: number, total: number, pictureScale = 1): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ FORMAT_VERSION, photosPerCustomer, total, ...(pictureScale === 1 ? {} : { pictureScale }) }));
  const migrationsDir = path.join(here, '../platform/db/migrations');
  const migrations = fs.readdirSync(migrationsDir).filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts') && !/\.test\./.test(f)).sort();
  for (const file of migrations) hash.update(`\n${file}\n`).update(fs.readFileSync(path.join(migrationsDir, file)));
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/** The default place of a cached library: <repo>/.tmp/bench-library/<parameters>-<key>. */
export function defaultLibraryDir(photosPerCustomer: number, total: number): string {
  const repoRoot = path.resolve(here, '../../../..');
  return path.join(repoRoot, '.tmp', 'bench-library', `p${photosPerCustomer}-t${total}-${libraryKey(photosPerCustomer, total)}`);
}

function databaseOf(dataDir: string, databaseUrl: string | undefined): LibraryManifest['database'] {
  if (databaseUrl?.startsWith('postgres')) return { kind: 'postgres', url: databaseUrl };
  return { kind: 'sqlite', file: path.resolve(databaseUrl ?? path.join(dataDir, 'shoebox.db')) };
}

function readManifest(dataDir: string): LibraryManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, MANIFEST_FILE), 'utf8')) as LibraryManifest;
  } catch {
    return undefined;
  }
}

async function markerIn(database: LibraryManifest['database']): Promise<string | undefined> {
  if (database.kind === 'sqlite' && !fs.existsSync(database.file)) return undefined;
  const db = await createDatabase(database);
  try {
    const row = await db.selectFrom('secrets').select('value').where('name', '=', MARKER_SECRET).executeTakeFirst();
    return row?.value;
  } catch {
    return undefined;
  } finally {
    await db.destroy();
  }
}

// ---- entry point -------------------------------------------------------------------------------

export async function seedLibrary(o: SeedLibraryOptions): Promise<SeedLibraryResult> {
  const started = performance.now();
  const log = o.log ?? (() => {});
  if (!Number.isInteger(o.photosPerCustomer) || o.photosPerCustomer < 1) throw new Error('photosPerCustomer must be a positive whole number');
  if (!Number.isInteger(o.total) || o.total < o.photosPerCustomer) throw new Error('total must be a whole number at least photosPerCustomer');
  const dataDir = path.resolve(o.dataDir);
  const database = databaseOf(dataDir, o.databaseUrl);
  const key = libraryKey(o.photosPerCustomer, o.total, o.pictureScale);

  const existing = readManifest(dataDir);
  if (existing?.key === key && (await markerIn(database)) === key) {
    log(`reusing the library in ${dataDir} (built ${existing.createdAt} in ${existing.seedSeconds.toFixed(1)} s)`);
    return { ...existing, dataDir, database, reused: true, seconds: (performance.now() - started) / 1000 };
  }
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    if (!o.force) {
      throw new Error(`${dataDir} is not empty and holds no library with key ${key}; pass --force to replace it`);
    }
    log(`removing ${dataDir}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Older libraries are removed by a worker thread while this one is built (that takes as long as building).
  const pruning = o.pruneSiblings ? pruneSiblings(dataDir, log) : Promise.resolve();

  // Built under a temporary name and renamed at the end: an interrupted build is never mistaken for a library.
  const work = `${dataDir}.partial`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const workDatabase: LibraryManifest['database'] =
    database.kind === 'postgres' ? database : { kind: 'sqlite', file: database.file.startsWith(dataDir + path.sep) ? path.join(work, path.relative(dataDir, database.file)) : `${database.file}.partial` };
  if (workDatabase.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(workDatabase.file + suffix, { force: true });
  }

  const manifest = await build({ ...o, key, work, workDatabase, log }).finally(() => pruning);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(work, dataDir);
  if (workDatabase.kind === 'sqlite' && database.kind === 'sqlite' && workDatabase.file.endsWith('.partial')) {
    fs.renameSync(workDatabase.file, database.file);
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const result: LibraryManifest = { ...manifest, key, createdAt: new Date().toISOString(), seedSeconds, dataDir, database };
  fs.writeFileSync(path.join(dataDir, MANIFEST_FILE), `${JSON.stringify({ ...result, database: database.kind === 'postgres' ? { kind: 'postgres', url: redact(database.url) } : database }, null, 2)}\n`);
  log(`done in ${seedSeconds.toFixed(1)} s`);
  return { ...result, reused: false, seconds: seedSeconds };
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/**
 * Keeps one library in the cache folder: the others (and leftovers of interrupted builds) are moved
 * aside at once and deleted while the new one is built (`rm -rf` is about twice as fast as
 * fs.rmSync on half a million hard links); resolves when they are gone.
 */
function pruneSiblings(dataDir: string, log: (m: string) => void): Promise<void> {
  const parent = path.dirname(dataDir);
  if (!fs.existsSync(parent)) return Promise.resolve();
  const trash = path.join(parent, `.trash-${process.pid}`);
  for (const entry of fs.readdirSync(parent)) {
    const full = path.join(parent, entry);
    if (full === dataDir || full === `${dataDir}.partial` || full === trash) continue;
    if (!readManifest(full) && !entry.endsWith('.partial') && !entry.startsWith('.trash-')) continue;
    log(`removing the older library ${full}`);
    fs.mkdirSync(trash, { recursive: true });
    fs.renameSync(full, path.join(trash, entry));
  }
  if (!fs.existsSync(trash)) return Promise.resolve();
  const removeInWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(`require('node:fs').rmSync(require('node:worker_threads').workerData, { recursive: true, force: true, maxRetries: 3 })`, { eval: true, workerData: trash });
      worker.once('error', reject);
      worker.once('exit', () => resolve());
    });
  return new Promise<void>((resolve) => {
    const rm = spawn('rm', ['-rf', trash], { stdio: 'ignore' });
    rm.once('error', () => resolve(removeInWorker()));
    rm.once('exit', (code) => resolve(code === 0 ? undefined : removeInWorker()));
  });
}

// ---- random numbers ----------------------------------------------------------------------------

/** sfc32: small, fast and seedable, so the same parameters give the same shape of library. */
function rngFrom(seed: number): () => number {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

function pickWeighted(weights: number[], r: number): number {
  const sum = weights.reduce((s, w) => s + w, 0);
  let x = r * sum;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

// ---- customers ---------------------------------------------------------------------------------

interface CustomerPlan {
  id: string;
  account: DemoAccount;
  photos: number;
  firstYear: number;
  bench: boolean;
  seed: number;
}

const DAY_MS = 86_400_000;

function planCustomers(photosPerCustomer: number, total: number, now: number): CustomerPlan[] {
  const rng = rngFrom(total ^ (photosPerCustomer * 31));
  const nowYear = new Date(now).getUTCFullYear();
  const plans: CustomerPlan[] = [
    { id: randomUUID(), account: BENCH_ACCOUNT, photos: photosPerCustomer, firstYear: nowYear - 21, bench: true, seed: 1 },
  ];
  let remaining = total - photosPerCustomer;
  const max = Math.max(1, Math.min(OTHER_MAX_PHOTOS, photosPerCustomer));
  const min = Math.min(OTHER_MIN_PHOTOS, max);
  for (let n = 1; remaining > 0; n++) {
    const size = Math.min(remaining, Math.round(min * Math.pow(max / min, rng())));
    remaining -= size;
    const registeredDaysAgo = 100 + Math.floor(rng() * 3900);
    const registeredYear = new Date(now - registeredDaysAgo * DAY_MS).getUTCFullYear();
    const label = String(n).padStart(5, '0');
    plans.push({
      id: randomUUID(),
      account: {
        email: `customer-${label}@example.com`,
        firstName: 'Customer',
        lastName: label,
        description: `customer with ${size} photos`,
        registeredDaysAgo,
        ...(rng() < 0.7 ? { lastOrderDaysAgo: Math.floor(rng() * Math.min(registeredDaysAgo, 700)) } : {}),
      },
      photos: size,
      firstYear: registeredYear - Math.floor(rng() * 15),
      bench: false,
      seed: n + 1,
    });
  }
  return plans;
}

// ---- photos ------------------------------------------------------------------------------------

interface Picture {
  width: number;
  height: number;
  bytes: number;
  renditions: string;
}

const renditionsJson = (width: number, height: number) =>
  JSON.stringify(
    THUMBNAIL_SIZES.map((size): Rendition => {
      const scale = Math.min(1, size / Math.max(width, height));
      return { size, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    }),
  );

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

interface GeneratedPhotos {
  rows: PhotosTable[];
  /** Index into the bench pictures per row (bench customer only). */
  pictures: Uint8Array;
  counts: Map<string, number>;
}

/**
 * One customer's photos, sorted the way the timeline index is (month, date taken), so that index
 * grows at its end. Photos come in sessions: a day out gives a burst of pictures minutes apart,
 * uploaded together a few days later (or in a big import after the account was opened).
 */
function generatePhotos(plan: CustomerPlan, benchPictures: Picture[], now: number, registeredAt: number): GeneratedPhotos {
  const rng = rngFrom(plan.seed * 7919);
  const nowDate = new Date(now);
  const nowYear = nowDate.getUTCFullYear();
  const years: number[] = [];
  const yearWeights: number[] = [];
  for (let y = plan.firstYear; y <= nowYear; y++) {
    years.push(y);
    const elapsed = y === nowYear ? (now - Date.UTC(y, 0, 1)) / (365.25 * DAY_MS) : 1;
    yearWeights.push(Math.pow(YEARLY_GROWTH, y - plan.firstYear) * elapsed);
  }
  const homeOffsetSummer = rng() < 0.3 ? '+01:00' : '+02:00';
  const homeOffsetWinter = homeOffsetSummer === '+01:00' ? '+00:00' : '+01:00';
  const heicShare = plan.bench ? 0 : rng() * 0.5;

  const rows: PhotosTable[] = new Array(plan.photos);
  const pictures = new Uint8Array(plan.photos);
  const checksums = randomBytes(32 * plan.photos).toString('hex');
  let n = 0;
  let fileNumber = Math.floor(rng() * 9000);
  while (n < plan.photos) {
    // When the session was: a year by growth, a month by season, any day; never in the future.
    let takenMs: number;
    do {
      const year = years[pickWeighted(yearWeights, rng())]!;
      const month = pickWeighted(SEASON, rng()) + 1;
      const day = 1 + Math.floor(rng() * daysInMonth(year, month));
      takenMs = Date.UTC(year, month - 1, day, 7 + Math.floor(rng() * 13), Math.floor(rng() * 60), Math.floor(rng() * 60));
    } while (takenMs > now - DAY_MS);
    const size = Math.min(plan.photos - n, 1 + Math.floor(-Math.log(1 - rng()) * 11));
    const times: number[] = [];
    for (let i = 0; i < size; i++) times.push((takenMs += (3 + Math.floor(rng() * 300)) * 1000));
    // Uploaded a few days after the last picture, or in an import soon after the account was opened;
    // never in the future, never before the picture was taken.
    const lastTaken = times[size - 1]!;
    let uploadMs = lastTaken + -Math.log(1 - rng()) * 7 * DAY_MS;
    if (uploadMs < registeredAt) uploadMs = registeredAt + rng() * 180 * DAY_MS;
    uploadMs = Math.max(lastTaken + 60_000, Math.min(uploadMs, now - 3_600_000 - rng() * 7 * DAY_MS));
    const uploadId = randomUUID();
    for (let i = 0; i < size; i++, n++) {
      takenMs = times[i]!;
      const undated = rng() < UNDATED_SHARE;
      const taken = new Date(takenMs).toISOString().slice(0, 19);
      const dateTaken = undated ? UNKNOWN_DATE : taken;
      const month = Number(taken.slice(5, 7));
      const offset = undated || rng() < 0.2 ? null : month >= 4 && month <= 10 ? homeOffsetSummer : homeOffsetWinter;
      const uploadedAt = new Date(uploadMs + i * 1500).toISOString();
      fileNumber = (fileNumber + 1) % 10000;
      let mime = 'image/jpeg';
      let width: number;
      let height: number;
      let bytes: number;
      let renditions: string;
      if (plan.bench) {
        const p = Math.floor(rng() * benchPictures.length);
        const picture = benchPictures[p]!;
        pictures[n] = p;
        ({ width, height, bytes, renditions } = picture);
      } else {
        [width, height] = OTHER_SIZES[Math.floor(rng() * OTHER_SIZES.length)]!;
        renditions = renditionsJson(width, height);
        const kind = rng();
        mime = kind < heicShare ? 'image/heic' : kind > 0.97 ? 'image/png' : 'image/jpeg';
        bytes = Math.round((1.2 + rng() * 5) * 1024 * 1024);
      }
      const extension = mime === 'image/heic' ? 'HEIC' : mime === 'image/png' ? 'PNG' : 'JPG';
      rows[n] = {
        id: randomUUID(),
        customer_id: plan.id,
        checksum: checksums.slice(n * 64, n * 64 + 64),
        original_name: undated ? `Scan_${String(fileNumber).padStart(4, '0')}.${extension.toLowerCase()}` : `IMG_${String(fileNumber).padStart(4, '0')}.${extension}`,
        mime,
        bytes,
        width,
        height,
        date_taken: dateTaken,
        date_taken_offset: offset,
        taken_month: dateTaken.slice(0, 7),
        uploaded_at: uploadedAt,
        upload_month: uploadedAt.slice(0, 7),
        upload_id: uploadId,
        renditions,
      };
    }
  }
  // Sorted as the timeline index, pictures kept beside their rows.
  const order = Array.from(rows.keys()).sort((a, b) => (rows[a]!.date_taken < rows[b]!.date_taken ? -1 : rows[a]!.date_taken > rows[b]!.date_taken ? 1 : 0));
  const sortedRows = order.map((i) => rows[i]!);
  const sortedPictures = Uint8Array.from(order, (i) => pictures[i]!);
  const counts = new Map<string, number>();
  for (const row of sortedRows) {
    counts.set(`dateTaken|${row.taken_month}`, (counts.get(`dateTaken|${row.taken_month}`) ?? 0) + 1);
    counts.set(`created|${row.upload_month}`, (counts.get(`created|${row.upload_month}`) ?? 0) + 1);
  }
  return { rows: sortedRows, pictures: sortedPictures, counts };
}

const countRows = (customerId: string, counts: Map<string, number>): PhotoMonthCountsTable[] =>
  [...counts].map(([k, count]) => {
    const [sortKey, month] = k.split('|') as [PhotoMonthCountsTable['sort_key'], string];
    return { customer_id: customerId, sort_key: sortKey, month, count };
  });

// ---- bench pictures and their links -------------------------------------------------------------

interface PictureFiles extends Picture {
  /** Source file per name in the photo folder ('original.jpg', '300.jpg' …). */
  files: Record<string, string>;
}

/** The handful of real pictures: a 12-megapixel JPEG each, with renditions from the real ingest. */
async function makePictures(dir: string, scale: number, log: (m: string) => void): Promise<PictureFiles[]> {
  fs.mkdirSync(dir, { recursive: true });
  const names = photoFileNames();
  const pictures: PictureFiles[] = [];
  for (const [i, spec] of PICTURES.entries()) {
    const original = path.join(dir, `picture-${i}-original.jpg`);
    const size = { width: Math.round(spec.width * scale), height: Math.round(spec.height * scale) };
    fs.writeFileSync(original, await makeTestJpeg({ ...spec, ...size, quality: 90 }));
    const ingested = await ingestPhoto(original);
    const files: Record<string, string> = { [names.original]: original };
    for (const r of ingested.renditions) {
      const file = path.join(dir, `picture-${i}-${r.size}.jpg`);
      fs.writeFileSync(file, r.jpeg);
      files[names.renditions[r.size]!] = file;
    }
    pictures.push({
      width: ingested.width,
      height: ingested.height,
      bytes: ingested.bytes,
      renditions: JSON.stringify(ingested.renditions.map(({ size, width, height }): Rendition => ({ size, width, height }))),
      files,
    });
  }
  log(`made ${pictures.length} pictures (${pictures[0]!.width}x${pictures[0]!.height} originals and their renditions)`);
  return pictures;
}

/** File names inside a photo's folder, from the same key functions the photo service signs URLs for. */
function photoFileNames(): { original: string; renditions: Record<number, string> } {
  const c = 'c';
  const p = 'p';
  const prefix = `${photoBlobPrefix(c, p)}/`;
  const name = (key: string) => {
    if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) throw new Error(`Unexpected blob key layout: ${key}`);
    return key.slice(prefix.length);
  };
  return {
    original: name(originalKey(c, p, 'image/jpeg')),
    renditions: Object.fromEntries(THUMBNAIL_SIZES.map((size) => [size, name(renditionKey(c, p, size))])),
  };
}

/** Runs in a worker thread: makes each photo's folder and hard-links the picture's files into it. */
const LINK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { blobsRoot, pictures, linksPerInode } = workerData;
// Per picture: the set of source files links currently go to, and how many links it has.
const current = pictures.map((files) => ({ files, links: 0 }));
let sourceFiles = pictures.length;
let copied = 0;
let photos = 0;
function freshCopy(p) {
  const files = {};
  for (const [name, file] of Object.entries(pictures[p])) {
    const copy = file.replace(/\\.jpg$/, '') + '-copy' + sourceFiles + '.jpg';
    fs.copyFileSync(file, copy);
    files[name] = copy;
  }
  sourceFiles++;
  current[p] = { files, links: 0 };
}
function place(source, target, p) {
  try {
    fs.linkSync(source, target);
  } catch (error) {
    if (error.code === 'EMLINK') { freshCopy(p); return false; }
    if (error.code === 'EXDEV' || error.code === 'EPERM' || error.code === 'ENOTSUP') { fs.copyFileSync(source, target); copied++; return true; }
    throw error;
  }
  return true;
}
parentPort.on('message', (job) => {
  if (job.done) { parentPort.postMessage({ photos, sourceFiles, copied }); return; }
  const base = path.join(blobsRoot, job.prefixRoot);
  fs.mkdirSync(base, { recursive: true });
  for (let i = 0; i < job.ids.length; i++) {
    const p = job.pictures[i];
    if (current[p].links >= linksPerInode) freshCopy(p);
    const dir = path.join(base, job.ids[i]);
    fs.mkdirSync(dir);
    for (const name of Object.keys(current[p].files)) {
      while (!place(current[p].files[name], path.join(dir, name), p)) {}
    }
    current[p].links++;
    photos++;
  }
});
`;

function startLinker(blobsRoot: string, pictures: PictureFiles[]) {
  const worker = new Worker(LINK_WORKER, { eval: true, workerData: { blobsRoot, pictures: pictures.map((p) => p.files), linksPerInode: LINKS_PER_INODE } });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The blob linking worker stopped (exit code ${code})`)));
  });
  failed.catch(() => {});
  return {
    link(customerId: string, ids: string[], pictureIndexes: Uint8Array) {
      const prefixRoot = path.dirname(photoBlobPrefix(customerId, 'x'));
      worker.postMessage({ prefixRoot, ids, pictures: pictureIndexes });
    },
    async finish(): Promise<{ photos: number; sourceFiles: number; copied: number }> {
      const done = new Promise<{ photos: number; sourceFiles: number; copied: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage({ done: true });
      try {
        return await Promise.race([done, failed]);
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
    async abort() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

// ---- writing rows ------------------------------------------------------------------------------

const PHOTO_COLUMNS = [
  'id', 'customer_id', 'checksum', 'original_name', 'mime', 'bytes', 'width', 'height', 'date_taken', 'date_taken_offset',
  'taken_month', 'uploaded_at', 'upload_month', 'upload_id', 'renditions',
] as const satisfies readonly (keyof PhotosTable)[];

interface RowSink {
  photos(rows: PhotosTable[]): Promise<void>;
  counts(rows: PhotoMonthCountsTable[]): Promise<void>;
  marker(key: string): Promise<void>;
  close(): Promise<void>;
}

function sqliteSink(file: string): RowSink {
  const sqlite = new SqliteDatabase(file);
  // A fresh file under a temporary name: no journal needed, a crash just means building again.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('cache_size = -524288');
  const insertPhoto = sqlite.prepare(`INSERT INTO photos (${PHOTO_COLUMNS.join(', ')}) VALUES (${PHOTO_COLUMNS.map(() => '?').join(', ')})`);
  const insertCount = sqlite.prepare('INSERT INTO photo_month_counts (customer_id, sort_key, month, count) VALUES (?, ?, ?, ?)');
  const photos = sqlite.transaction((rows: PhotosTable[]) => {
    for (const r of rows) {
      insertPhoto.run(r.id, r.customer_id, r.checksum, r.original_name, r.mime, r.bytes, r.width, r.height, r.date_taken, r.date_taken_offset, r.taken_month, r.uploaded_at, r.upload_month, r.upload_id, r.renditions);
    }
  });
  const counts = sqlite.transaction((rows: PhotoMonthCountsTable[]) => {
    for (const r of rows) insertCount.run(r.customer_id, r.sort_key, r.month, r.count);
  });
  return {
    async photos(rows) {
      photos(rows);
    },
    async counts(rows) {
      counts(rows);
    },
    async marker(key) {
      sqlite.prepare('INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)').run(MARKER_SECRET, key, new Date().toISOString());
    },
    async close() {
      sqlite.pragma('locking_mode = NORMAL');
      // The server opens it in WAL mode; leave it that way, checkpointed.
      sqlite.pragma('journal_mode = WAL');
      sqlite.close();
    },
  };
}

function kyselySink(db: Db): RowSink {
  return {
    async photos(rows) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) await trx.insertInto('photos').values(rows.slice(i, i + PG_ROWS_PER_STATEMENT)).execute();
      });
    },
    async counts(rows) {
      for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) await db.insertInto('photo_month_counts').values(rows.slice(i, i + PG_ROWS_PER_STATEMENT)).execute();
    },
    async marker(key) {
      await db.insertInto('secrets').values({ name: MARKER_SECRET, value: key, created_at: new Date().toISOString() }).execute();
    },
    async close() {
      await db.destroy();
    },
  };
}

// ---- the build ---------------------------------------------------------------------------------

async function build(o: SeedLibraryOptions & { key: string; work: string; workDatabase: LibraryManifest['database']; log: (m: string) => void }) {
  const { log } = o;
  const now = Date.now();
  const t0 = performance.now();
  const seconds = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

  const db = await createDatabase(o.workDatabase);
  let dbOpen = true;
  let linker: ReturnType<typeof startLinker> | undefined;
  try {
    await migrateToLatest(db);
    const existing = await db.selectFrom('photos').select('id').limit(1).executeTakeFirst();
    if (existing) throw new Error('The database already holds photos; seed a library into an empty database');
    const plans = planCustomers(o.photosPerCustomer, o.total, now);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const plan of plans) await createDemoAccount(db, plan.account, { passwordHash, customerId: plan.id, now });
    log(`schema migrated, ${plans.length} customers created (${seconds()})`);

    const pictures = await makePictures(path.join(o.work, 'seed-library'), o.pictureScale ?? 1, log);
    linker = startLinker(path.join(o.work, 'blobs'), pictures);

    let sink: RowSink;
    if (o.workDatabase.kind === 'sqlite') {
      await db.destroy();
      dbOpen = false;
      sink = sqliteSink(o.workDatabase.file);
    } else {
      sink = kyselySink(db);
      dbOpen = false;
    }

    const bench = plans[0]!;
    let inserted = 0;
    let benchUndated = 0;
    let benchMonths = 0;
    let lastLog = performance.now();
    try {
      // The bench customer first, so its folders are linked while everybody else's rows go in.
      for (const plan of plans) {
        const registeredAt = now - plan.account.registeredDaysAgo * DAY_MS;
        const generated = generatePhotos(plan, pictures, now, registeredAt);
        if (plan.bench) {
          linker.link(plan.id, generated.rows.map((r) => r.id), generated.pictures);
          benchUndated = generated.rows.filter((r) => r.date_taken === UNKNOWN_DATE).length;
          benchMonths = [...generated.counts.keys()].filter((k) => k.startsWith('dateTaken|')).length;
        }
        for (let i = 0; i < generated.rows.length; i += CHUNK_ROWS) await sink.photos(generated.rows.slice(i, i + CHUNK_ROWS));
        await sink.counts(countRows(plan.id, generated.counts));
        inserted += generated.rows.length;
        if (performance.now() - lastLog > 5_000 || plan.bench) {
          lastLog = performance.now();
          log(`${inserted.toLocaleString('en')} / ${o.total.toLocaleString('en')} photos (${seconds()})`);
        }
      }
      await sink.marker(o.key);
    } finally {
      await sink.close();
    }
    log(`${inserted.toLocaleString('en')} photos inserted (${seconds()}); waiting for the blob links`);
    const links = await linker.finish();
    linker = undefined;
    log(`${links.photos.toLocaleString('en')} photo folders linked from ${links.sourceFiles} source pictures (${seconds()})`);

    return {
      account: { email: BENCH_ACCOUNT.email, password: DEMO_PASSWORD, greeting: BENCH_ACCOUNT.greeting, customerId: bench.id },
      photos: { bench: bench.photos, total: inserted, customers: plans.length, benchUndated, benchMonths },
      blobs: { photos: links.photos, sourceFiles: links.sourceFiles, copiedInsteadOfLinked: links.copied },
    };
  } finally {
    await linker?.abort();
    if (dbOpen) await db.destroy();
  }
}
