/// <reference types="node" />
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const seedCli = path.join(repoRoot, 'apps/server/dist/seed/cli.js');
export const MILLION = 1_000_000;

export interface MillionLibrary {
  /** A copy of the library's SQLite database, this test's own: a server on it may write. */
  databaseFile: string;
  email: string;
  password: string;
  remove(): void;
}

/**
 * A library of a million photos, the rows only (`npm run seed -- --without-files`: their thumbnails answer
 * not found), made once per machine and cached under .tmp/bench-rows/ as the benches use it; each call gets
 * a copy of its database. Making it takes about 70 s on an idle machine of this kind.
 */
export async function millionPhotoLibrary(): Promise<MillionLibrary> {
  const args = [seedCli, '--photos-per-customer', String(MILLION), '--total', String(MILLION), '--without-files', '--json'];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`The seeding command exited with ${code}:\n${stderr}`);
  const manifest = JSON.parse(stdout) as { database: { kind: string; file: string }; account: { email: string; password: string } };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-million-'));
  const databaseFile = path.join(dir, 'shoebox.db');
  for (const suffix of ['', '-wal']) {
    if (fs.existsSync(manifest.database.file + suffix)) fs.copyFileSync(manifest.database.file + suffix, databaseFile + suffix);
  }
  return { databaseFile, ...manifest.account, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
