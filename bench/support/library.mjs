// The big photo library the timeline benches run against, built (or reused from its cache under
// .tmp/bench-library/) by the project's own seeding command: `npm run seed -- --photos-per-customer
// N --total N`. BENCH_LIBRARY_PHOTOS / BENCH_LIBRARY_TOTAL change the size for a quick look.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { deferCleanup } from './cleanup.mjs';
import { REPO_ROOT } from './paths.mjs';

export const SEED_CLI = path.join(REPO_ROOT, 'apps/server/dist/seed/cli.js');
export const LIBRARY = {
  photosPerCustomer: Number(process.env.BENCH_LIBRARY_PHOTOS ?? 100_000),
  total: Number(process.env.BENCH_LIBRARY_TOTAL ?? 1_000_000),
};
const SEED_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs the seeding command and answers its manifest: { dataDir, account: { email, password,
 * greeting, customerId }, photos, seedSeconds, reused, seconds, … }. Its progress goes to `log`.
 */
export async function ensureLibrary({ log = () => {}, photosPerCustomer = LIBRARY.photosPerCustomer, total = LIBRARY.total } = {}) {
  const args = [SEED_CLI, '--photos-per-customer', String(photosPerCustomer), '--total', String(total), '--json'];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8');
  let pending = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) if (line.trim()) log(line);
  });
  const code = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The seeding command did not finish within ${SEED_TIMEOUT_MS / 1000} s:\n${stderr}`));
    }, SEED_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
  });
  await kill();
  if (code !== 0) throw new Error(`The seeding command (node ${args.map((a) => path.relative(REPO_ROOT, a) || a).join(' ')}) failed (${code}):\n${stderr}`);
  const last = stdout.trim().split('\n').at(-1);
  try {
    return JSON.parse(last);
  } catch {
    throw new Error(`The seeding command printed no manifest:\n${stdout}\n${stderr}`);
  }
}
