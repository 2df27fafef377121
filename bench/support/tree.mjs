// Another commit of the project, built beside this one, for `npm run bench -- --compare <ref>` and
// bench/bisect.mjs: a detached git worktree under .tmp/bench-trees/<commit>, sharing this checkout's
// installed packages (each entry of node_modules linked, the workspace links made to the worktree's own
// packages), built once with its own `npm run build`. A commit whose package-lock.json differs from this
// checkout's installs its own packages (`npm ci` in the worktree, a few minutes once): this checkout's
// versions could not build it (a package it imports may be gone here) or would measure other code.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HARNESS_ROOT } from './paths.mjs';

const TREES_DIR = path.join(HARNESS_ROOT, '.tmp/bench-trees');
const BUILT_MARK = '.bench-built';
const BUILD_TIMEOUT_MS = 15 * 60_000;
const INSTALL_TIMEOUT_MS = 20 * 60_000;
/** The folders that may hold installed packages: the root's and each workspace's. */
const MODULE_FOLDERS = ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules', 'packages/contracts/node_modules'];

const git = (args, cwd = HARNESS_ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full commit id `ref` names; throws with git's message when it names none. */
export function commitOf(ref) {
  return git(['rev-parse', '--verify', `${ref}^{commit}`]);
}

export const shortCommit = (commit) => commit.slice(0, 10);

/** Whether `commit` installs other packages than this checkout. */
export function dependenciesDiffer(commit) {
  try {
    execFileSync('git', ['diff', '--quiet', commit, '--', 'package-lock.json'], { cwd: HARNESS_ROOT, stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

/** Links this checkout's installed packages into `dir`; the workspace packages (@shoebox/*) are the tree's own. */
function linkModules(dir) {
  for (const folder of MODULE_FOLDERS) {
    const source = path.join(HARNESS_ROOT, folder);
    const target = path.join(dir, folder);
    if (!fs.existsSync(source) || !fs.existsSync(path.dirname(target))) continue;
    fs.mkdirSync(target, { recursive: true });
    for (const entry of fs.readdirSync(source)) {
      if (fs.existsSync(path.join(target, entry))) continue;
      if (entry === '@shoebox') {
        // Relative links, so they point into the tree they are in.
        fs.mkdirSync(path.join(target, entry));
        for (const link of fs.readdirSync(path.join(source, entry))) fs.symlinkSync(fs.readlinkSync(path.join(source, entry, link)), path.join(target, entry, link));
      } else {
        fs.symlinkSync(path.join(source, entry), path.join(target, entry));
      }
    }
  }
}

/**
 * The root of a built worktree of `commit`, made and built on first use (a few minutes), then reused.
 * `log` hears what is being done.
 */
export function builtTree(commit, log = () => {}) {
  const dir = path.join(TREES_DIR, commit);
  if (fs.existsSync(path.join(dir, BUILT_MARK))) return dir;
  if (!fs.existsSync(dir)) {
    log(`making a worktree of ${shortCommit(commit)} in ${path.relative(HARNESS_ROOT, dir)}`);
    fs.mkdirSync(TREES_DIR, { recursive: true });
    git(['worktree', 'add', '--detach', '--force', dir, commit]);
  }
  if (dependenciesDiffer(commit)) {
    log(`installing ${shortCommit(commit)}'s own packages: its package-lock.json differs from this checkout's (npm ci)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: INSTALL_TIMEOUT_MS });
  } else {
    linkModules(dir);
  }
  log(`building ${shortCommit(commit)} (npm run build)`);
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: BUILD_TIMEOUT_MS });
  fs.writeFileSync(path.join(dir, BUILT_MARK), `${new Date().toISOString()}\n`);
  return dir;
}
