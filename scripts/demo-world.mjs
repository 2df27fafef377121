#!/usr/bin/env node
/**
 * The demo world of the end-to-end tests: a data folder made once by `npm run seed:demo` (every demo account,
 * photo, project and photo book) and copied for each server they start, so no server seeds or waits for photos.
 *
 * It is kept under .tmp/demo-world/<key>, the key naming the server's build and the day (the demo's dates
 * count back from the day it is made), and made again when either changes. `node scripts/demo-world.mjs`
 * makes it, or waits while another process makes it, and prints its folder; `npm test` starts that at the
 * beginning, so the world is ready when the end-to-end tests start.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from './process-alive.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBuild = path.join(root, 'apps/server/dist');
const worldsDir = path.join(root, '.tmp/demo-world');
/** Written into a world's folder as its last step: a folder without it is unfinished. */
const READY_FILE = 'READY';
/** How often a waiting process looks again at a world another one is making. */
const POLL_MS = 250;
/** Work folders of a server, never part of a copy: the upload folder names its machine (uploads/machine-id). */
const NOT_COPIED = new Set(['uploads', 'demo-seed', 'library-import', READY_FILE]);

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name)).sort();
}

/** The build of the server and the UTC day: what the world is made from. */
function worldKey() {
  if (!fs.existsSync(path.join(serverBuild, 'seed/demo-cli.js'))) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const hash = createHash('sha256');
  for (const file of filesUnder(serverBuild).filter((f) => f.endsWith('.js'))) hash.update(path.relative(serverBuild, file)).update(fs.readFileSync(file));
  return `${new Date().toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}`;
}

function seed(dataDir) {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [path.join(serverBuild, 'seed/demo-cli.js')], {
      cwd: root,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_') && name !== 'DATABASE_URL' && name !== 'REDIS_URL')),
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The world stays as seeded: no storage period run reminds or empties its demo accounts while it is made.
        RETENTION_RUN_HOUR_UTC: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm run seed:demo ended with ${code ?? signal}:\n${output}`))));
  });
}

/** The pid written in a world's lock, or undefined while the maker has not written it yet or the lock is gone. */
function makerOf(lock) {
  try {
    return Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')) || undefined;
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
}

let found;

/**
 * The folder of today's world for this build: made here, or awaited while another process makes it. Found once
 * per process (its key reads the whole server build); a failure is not kept, so the next caller tries again.
 */
export function demoWorld() {
  found ??= findOrMake().catch((err) => {
    found = undefined;
    throw err;
  });
  return found;
}

async function findOrMake() {
  const key = worldKey();
  const world = path.join(worldsDir, key);
  const lock = `${world}.making`;
  fs.mkdirSync(worldsDir, { recursive: true });
  for (;;) {
    if (fs.existsSync(path.join(world, READY_FILE))) return world;
    try {
      fs.mkdirSync(lock);
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const maker = makerOf(lock);
      // A maker that died (killed with its run) leaves its lock: the next one takes it over.
      if (maker !== undefined && !isAlive(maker)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    try {
      for (const old of fs.readdirSync(worldsDir)) if (!old.startsWith(key)) fs.rmSync(path.join(worldsDir, old), { recursive: true, force: true });
      fs.rmSync(world, { recursive: true, force: true });
      await seed(world);
      fs.writeFileSync(path.join(world, READY_FILE), new Date().toISOString());
      return world;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * A server's own data folder from the world: the database copied, the photo files hard-linked (the blob store
 * never writes a file in place, it writes a new one and renames it), the server's work folders left out.
 */
export function copyDemoWorld(world, dataDir) {
  for (const file of filesUnder(world)) {
    const relative = path.relative(world, file);
    if (NOT_COPIED.has(relative.split(path.sep)[0])) continue;
    const target = path.join(dataDir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (relative.startsWith(`blobs${path.sep}`)) fs.linkSync(file, target);
    else fs.copyFileSync(file, target);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  demoWorld().then(
    (world) => console.log(world),
    (err) => {
      console.error(err.message ?? err);
      process.exit(1);
    },
  );
}
