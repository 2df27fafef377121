// The benches measure the built app. A missing build is made once; a build older than its sources
// is reported (run `npm run build`, or `npm run bench -- --build`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';

const OUTPUTS = ['packages/contracts/dist/index.js', 'apps/server/dist/main.js', 'apps/server/dist/bundle/main.cjs', 'apps/server/dist/seed/cli.js', 'apps/web/dist/index.html'];
/** Each package's sources and build output; tsc leaves unchanged outputs alone, so newest is compared with newest. */
const PACKAGES = [
  { sources: ['packages/contracts/src'], dist: 'packages/contracts/dist' },
  { sources: ['apps/server/src'], dist: 'apps/server/dist' },
  { sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts'], dist: 'apps/web/dist' },
];
const BUILD_TIMEOUT_MS = 10 * 60_000;

function newestMtime(target, skipTests = true) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (skipTests && (entry === 'node_modules' || entry === 'test' || /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry))) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry), skipTests));
  }
  return newest;
}

export function build() {
  console.error('bench: npm run build …');
  execSync('npm run build', { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'], timeout: BUILD_TIMEOUT_MS });
}

/** Builds when forced or when an output is missing; answers a warning when the build looks stale. */
export function ensureBuilt({ force = false } = {}) {
  const missing = OUTPUTS.filter((f) => !fs.existsSync(path.join(REPO_ROOT, f)));
  if (force || missing.length) {
    if (missing.length) console.error(`bench: missing ${missing.join(', ')}`);
    build();
  }
  const stale = PACKAGES.filter((p) => Math.max(...p.sources.map((src) => newestMtime(path.join(REPO_ROOT, src)))) > newestMtime(path.join(REPO_ROOT, p.dist), false));
  return stale.length
    ? `the build of ${stale.map((p) => p.dist).join(', ')} is older than its sources; run \`npm run build\` or \`npm run bench -- --build\``
    : undefined;
}
