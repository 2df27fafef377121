/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { millionLibrary } from '../../../../scripts/million-library.mjs';

export { MILLION } from '../../../../scripts/million-library.mjs';

export interface MillionLibrary {
  /** A copy of the library's SQLite database, this test's own: a server on it may write. */
  databaseFile: string;
  email: string;
  password: string;
  remove(): void;
}

/**
 * The million-photo library (scripts/million-library.mjs, usually made while the run's first tests ran), as a copy
 * of its database of this test's own.
 */
export async function millionPhotoLibrary(): Promise<MillionLibrary> {
  const manifest = await millionLibrary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-million-'));
  const databaseFile = path.join(dir, 'shoebox.db');
  for (const suffix of ['', '-wal']) {
    if (fs.existsSync(manifest.database.file + suffix)) fs.copyFileSync(manifest.database.file + suffix, databaseFile + suffix);
  }
  return { databaseFile, ...manifest.account, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
