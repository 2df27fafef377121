// Where things are, relative to the repository root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const BASELINES_DIR = path.join(BENCH_DIR, 'baselines');
export const START_SCRIPT = path.join(REPO_ROOT, 'scripts/start.mjs');
export const BARE_SERVER_SCRIPT = path.join(BENCH_DIR, 'support/bare-server.mjs');
