#!/usr/bin/env node
/**
 * The end-to-end tests' library of a million photos, the rows only (`npm run seed -- --photos-per-customer 1000000
 * --total 1000000 --without-files`): made once per machine and cached under .tmp/bench-rows/, shared with the
 * `timeline-million` bench. `npm test` starts `node scripts/million-library.mjs` at the beginning of a run that
 * includes the end-to-end tests, so the file that needs it finds it made; the seeding's lock makes a second
 * caller wait for the first instead of building it twice.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MILLION = 1_000_000;

/** The library's manifest (seed/cli.ts --json): made here, or made by another process and reused. */
export function millionLibrary() {
  const args = [path.join(root, 'apps/server/dist/seed/cli.js'), '--photos-per-customer', String(MILLION), '--total', String(MILLION), '--without-files', '--json'];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`The seeding command ended with ${code ?? signal}:\n${stderr}`))));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  millionLibrary().then(
    (manifest) => console.log(manifest.dataDir),
    (err) => {
      console.error(err.message ?? err);
      process.exit(1);
    },
  );
}
