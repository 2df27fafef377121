/**
 * How a built library is recognised and reused: its key (the parameters, the migrations and the
 * seeding code), the manifest written beside it and the marker kept in its database.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../../platform/db/database.js';

/** Bumped when the generated data changes in a way the source hash would not show. */
const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'bench-library.json';
export const MARKER_SECRET = 'seed.bench-library';

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

const here = path.dirname(fileURLToPath(import.meta.url));
/** '.ts' under the tests, '.js' when built: the seeding code is read in the form that runs. */
const codeExtension = path.extname(fileURLToPath(import.meta.url));

const sourceFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts') && !/\.test\./.test(f))
    .sort()
    .map((f) => path.join(dir, f));

/** The seeding code whose every change makes a new library: this folder, the entry point and the picture maker. */
const seedingCode = () => [...sourceFiles(here), ...['seed-library', 'photo-like-images'].map((name) => path.join(here, '..', `${name}${codeExtension}`))];

/** The key of a library: the parameters, every migration (name and contents) and the seeding code. */
export function libraryKey(photosPerCustomer: number, total: number, pictureScale = 1, files = true): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ FORMAT_VERSION, photosPerCustomer, total, ...(pictureScale === 1 ? {} : { pictureScale }), ...(files ? {} : { files }) }));
  for (const file of sourceFiles(path.join(here, '../../platform/db/migrations'))) hash.update(`\n${path.basename(file)}\n`).update(fs.readFileSync(file));
  for (const file of seedingCode()) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The default place of a cached library: <repo>/.tmp/bench-library/<parameters>-<key>, or bench-rows/ for one
 * without files (each folder a cache of one entry, so that neither replaces the other).
 */
export function defaultLibraryDir(photosPerCustomer: number, total: number, files = true): string {
  const repoRoot = path.resolve(here, '../../../../..');
  return path.join(repoRoot, '.tmp', files ? 'bench-library' : 'bench-rows', `p${photosPerCustomer}-t${total}-${libraryKey(photosPerCustomer, total, 1, files)}`);
}

export function databaseOf(dataDir: string, databaseUrl: string | undefined): LibraryManifest['database'] {
  if (databaseUrl?.startsWith('postgres')) return { kind: 'postgres', url: databaseUrl };
  return { kind: 'sqlite', file: path.resolve(databaseUrl ?? path.join(dataDir, 'shoebox.db')) };
}

export function readManifest(dataDir: string): LibraryManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, MANIFEST_FILE), 'utf8')) as LibraryManifest;
  } catch {
    return undefined;
  }
}

/** Written last, with PostgreSQL's password left out. */
export function writeManifest(manifest: LibraryManifest): void {
  const { database } = manifest;
  const shown = database.kind === 'postgres' ? { kind: 'postgres', url: redact(database.url) } : database;
  fs.writeFileSync(path.join(manifest.dataDir, MANIFEST_FILE), `${JSON.stringify({ ...manifest, database: shown }, null, 2)}\n`);
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** The key the database says it was built with: a manifest alone does not prove the rows are there. */
export async function markerIn(database: LibraryManifest['database']): Promise<string | undefined> {
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
