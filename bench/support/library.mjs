// The big photo library the timeline benches run against, built (or reused from its cache under
// .tmp/bench-library/) by the project's own seeding command: `npm run seed -- --photos-per-customer
// N --total N`. BENCH_LIBRARY_PHOTOS / BENCH_LIBRARY_TOTAL change the size for a quick look.
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { runSeedCli } from './seed-cli.mjs';

export const SEED_CLI = path.join(REPO_ROOT, 'apps/server/dist/seed/cli.js');
export const LIBRARY = {
  photosPerCustomer: Number(process.env.BENCH_LIBRARY_PHOTOS ?? 100_000),
  total: Number(process.env.BENCH_LIBRARY_TOTAL ?? 1_000_000),
};
const SEED_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs the seeding command (`files: false`: the rows only, cached apart) and answers its manifest: { dataDir, account: { email, password,
 * greeting, customerId }, photos, seedSeconds, reused, seconds, … }. Its progress goes to `log`.
 */
export async function ensureLibrary({ log = () => {}, photosPerCustomer = LIBRARY.photosPerCustomer, total = LIBRARY.total, files = true } = {}) {
  const args = [SEED_CLI, '--photos-per-customer', String(photosPerCustomer), '--total', String(total), ...(files ? [] : ['--without-files'])];
  return runSeedCli({ name: 'The seeding command', args, timeoutMs: SEED_TIMEOUT_MS, log });
}
