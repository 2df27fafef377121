// Where things are. The harness (these benches, their baselines and results) is this checkout; what they
// measure is the built project at REPO_ROOT: this checkout too, or the worktree of another commit that
// `npm run bench -- --compare <ref>` names in BENCH_TREE (support/tree.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HARNESS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = process.env.BENCH_TREE ? path.resolve(process.env.BENCH_TREE) : HARNESS_ROOT;
export const BENCH_DIR = path.join(HARNESS_ROOT, 'bench');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const BASELINES_DIR = path.join(BENCH_DIR, 'baselines');
export const START_SCRIPT = path.join(REPO_ROOT, 'scripts/start.mjs');
export const BARE_SERVER_SCRIPT = path.join(BENCH_DIR, 'support/bare-server.mjs');
