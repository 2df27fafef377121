/**
 * A big photo library for benchmarks, built fast and cached.
 *
 * One demo-loginable customer (bench@example.com, the demo password) owns `photosPerCustomer`
 * photos; other customers own the rest of `total` (bench-library/plan-customers.ts). Their rows are
 * generated (generate-photos.ts) and written straight into a database migrated to the latest schema
 * (row-sinks.ts). Only the bench customer's photos get files: a handful of real pictures made with
 * the upload's own ingest (bench-pictures.ts), hard-linked into every one of its photos' blob folders
 * while the rows go in (blob-linker.ts).
 *
 * The result is keyed by the parameters, the migrations and the seeding code (library-cache.ts): a
 * data dir that already holds a library with the same key is reused as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildLibrary } from './bench-library/build-library.js';
import { holdBuildLock } from './bench-library/build-lock.js';
import { databaseOf, libraryKey, markerIn, readManifest, writeManifest, type LibraryManifest } from './bench-library/library-cache.js';
import { pruneSiblings } from './bench-library/prune-siblings.js';

export { defaultLibraryDir, type LibraryManifest } from './bench-library/library-cache.js';

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
  /**
   * Whether the bench customer's photos get their files (default true). Without them the rows alone go in, in a
   * third of the time: enough for what looks at the library's size, whose thumbnails then answer not found.
   */
  files?: boolean;
  log?: (message: string) => void;
}

export interface SeedLibraryResult extends LibraryManifest {
  reused: boolean;
  /** This call's own time (small when reused). */
  seconds: number;
}

export async function seedLibrary(o: SeedLibraryOptions): Promise<SeedLibraryResult> {
  const started = performance.now();
  const log = o.log ?? (() => {});
  if (!Number.isInteger(o.photosPerCustomer) || o.photosPerCustomer < 1) throw new Error('photosPerCustomer must be a positive whole number');
  if (!Number.isInteger(o.total) || o.total < o.photosPerCustomer) throw new Error('total must be a whole number at least photosPerCustomer');
  const dataDir = path.resolve(o.dataDir);
  const release = await holdBuildLock(dataDir, log);
  try {
    return await reuseOrBuild(o, dataDir, started, log);
  } finally {
    release();
  }
}

async function reuseOrBuild(o: SeedLibraryOptions, dataDir: string, started: number, log: (message: string) => void): Promise<SeedLibraryResult> {
  const database = databaseOf(dataDir, o.databaseUrl);
  const files = o.files ?? true;
  const key = libraryKey(o.photosPerCustomer, o.total, o.pictureScale, files);

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

  const built = await buildLibrary({ photosPerCustomer: o.photosPerCustomer, total: o.total, pictureScale: o.pictureScale ?? 1, files, key, work, workDatabase, log }).finally(() => pruning);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(work, dataDir);
  if (workDatabase.kind === 'sqlite' && database.kind === 'sqlite' && workDatabase.file.endsWith('.partial')) {
    fs.renameSync(workDatabase.file, database.file);
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const result: LibraryManifest = { ...built, key, createdAt: new Date().toISOString(), seedSeconds, dataDir, database };
  writeManifest(result);
  log(`done in ${seedSeconds.toFixed(1)} s`);
  return { ...result, reused: false, seconds: seedSeconds };
}
