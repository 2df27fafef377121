#!/usr/bin/env node
/**
 * `npm test`: builds everything, lints the tree (`npm run lint`, the boundaries of docs/decisions/033),
 * makes sure Chromium, PostgreSQL and redis-server are installed, starts a private throw-away PostgreSQL
 * cluster and redis-server, runs vitest once over every project (with TEST_DATABASE_URL and TEST_REDIS_URL)
 * and ends with one line `Tests: N passed, M failed[, K skipped]`.
 * Arguments after `npm test --` go to vitest.
 *
 * `npm run test:quick [-- vitest arguments]` is the inner loop while working (docs/testing.md): it brings only
 * the server's build up to date (incrementally: its child processes start from it), skips the web build and the
 * lint, and runs the contracts, server and web projects, only the tests related to uncommitted changes
 * (vitest --changed) unless files or filters are given. `npm test` and CI always run everything.
 *
 * SHOEBOX_TEST_SKIP_BUILD=1 skips the build for quick local reruns (refused under CI=true).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from './process-alive.mjs';
import { printSlowestFiles } from './slowest-files-reporter.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmpRoot = path.join(root, '.tmp');
const ci = process.env.CI === 'true';
const asRoot = process.getuid?.() === 0;
const CHROMIUM_PATH = '/usr/bin/chromium';
const PG_USER = 'postgres';
/** Written into each cluster's directory, so a later run can tell a live cluster from an abandoned one. */
const RUNNER_PID_FILE = 'runner.pid';
const startedAt = Date.now();
const quick = process.argv[2] === '--quick';
const vitestExtra = process.argv.slice(quick ? 3 : 2);
/** The projects of the inner loop: the end-to-end tests need the web build, so they run with `npm test -- --project e2e`. */
const QUICK_PROJECTS = ['contracts', 'server', 'web'];

const log = (message) => console.log(`[test] ${message}`);

class Failure extends Error {}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new Failure(`${command} could not be started: ${result.error.message}`);
  if (result.status !== 0) throw new Failure(`\`${[command, ...args].join(' ')}\` failed with exit code ${result.status ?? result.signal}`);
  return result;
}

// ---------------------------------------------------------------------------------------- build

function build() {
  if (process.env.SHOEBOX_TEST_SKIP_BUILD === '1') {
    if (ci) throw new Failure('SHOEBOX_TEST_SKIP_BUILD=1 is not allowed under CI=true');
    log('Skipping the build (SHOEBOX_TEST_SKIP_BUILD=1)');
    return;
  }
  if (quick) {
    if (ci) throw new Failure('npm run test:quick is for working; CI runs npm test');
    log('Bringing the server build up to date: tsc -b packages/contracts apps/server');
    run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server']);
    return;
  }
  log('Building: npm run build');
  run('npm', ['run', 'build']);
}

// ----------------------------------------------------------------------------------------- lint

/** A lint failure stops the run before any test: a broken boundary is a failure like a broken build. */
function lint() {
  if (quick) return log('Not linting (test:quick): npm test and CI do');
  log('Linting: npm run lint');
  const result = spawnSync('npm', ['run', 'lint'], { stdio: 'inherit', cwd: root });
  if (result.error) throw new Failure(`npm run lint could not be started: ${result.error.message}`);
  if (result.status !== 0) throw new Failure('Lint failed: `npm run lint` reported the problems above (eslint.config.js); no test was run');
}

// ------------------------------------------------------------------------------------- services

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

function missingServices() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM_PATH)) missing.push({ what: `Chromium (${CHROMIUM_PATH})`, pkg: 'chromium' });
  if (!findPostgresBin()) missing.push({ what: 'PostgreSQL (pg_ctl and initdb under /usr/lib/postgresql/*/bin)', pkg: 'postgresql' });
  if (!commandExists('redis-server')) missing.push({ what: 'Redis (redis-server)', pkg: 'redis-server' });
  // The zip tests check every archive with Info-ZIP and with Python's zipfile.
  if (!commandExists('unzip')) missing.push({ what: 'Info-ZIP (unzip)', pkg: 'unzip' });
  if (!commandExists('python3')) missing.push({ what: 'Python 3 (python3)', pkg: 'python3' });
  return missing;
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureServices() {
  let missing = missingServices();
  if (missing.length === 0) return;
  const packages = missing.map((m) => m.pkg);
  const installCommand = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(' ')}`;
  log(`Missing: ${missing.map((m) => m.what).join('; ')}`);
  if (asRoot && commandExists('apt-get')) {
    log(`Installing: ${installCommand}`);
    try {
      run('apt-get', ['update']);
      run('apt-get', ['install', '-y', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (err) {
      log(`Installation failed: ${err.message}`);
    }
    missing = missingServices();
    if (missing.length === 0) return;
  }
  throw new Failure(
    `Cannot run the tests: missing ${missing.map((m) => m.what).join(' and ')}.\n` +
      `Install with: ${asRoot ? '' : 'sudo '}sh -c '${installCommand}'`,
  );
}

// ---------------------------------------------------------------------------- postgres cluster

function osUserIds(user) {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const shellQuote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/** PostgreSQL refuses to run as root, so as root its tools run as the postgres OS user. */
function asPostgres(command, args) {
  if (!asRoot) return [command, args];
  if (commandExists('runuser')) return ['runuser', ['-u', PG_USER, '--', command, ...args]];
  return ['su', [PG_USER, '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')]];
}

function runQuiet(command, args, options = {}) {
  const [cmd, argv] = asPostgres(command, args);
  return spawnSync(cmd, argv, { encoding: 'utf8', cwd: options.cwd ?? '/', ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Stops and removes clusters whose test run died without cleaning up (killed outright). */
function removeStaleClusters(parents, bin) {
  for (const parent of parents) {
    if (!fs.existsSync(parent)) continue;
    for (const name of fs.readdirSync(parent)) {
      if (!/^(shoebox-)?pg-/.test(name)) continue;
      const dir = path.join(parent, name);
      let stale;
      try {
        const runnerFile = path.join(dir, RUNNER_PID_FILE);
        stale = fs.existsSync(runnerFile)
          ? !isAlive(Number(fs.readFileSync(runnerFile, 'utf8')))
          : Date.now() - fs.statSync(dir).mtimeMs > 60 * 60 * 1000;
      } catch {
        stale = false;
      }
      if (!stale) continue;
      log(`Removing a cluster left by an earlier run: ${dir}`);
      stopPostgres({ dir, data: path.join(dir, 'data'), bin, running: fs.existsSync(path.join(dir, 'data', 'postmaster.pid')) });
    }
  }
}

function makeClusterDir(postgresIds) {
  const candidates = [tmpRoot, os.tmpdir()];
  for (const parent of candidates) {
    fs.mkdirSync(parent, { recursive: true });
    const dir = fs.mkdtempSync(path.join(parent, parent === tmpRoot ? 'pg-' : 'shoebox-pg-'));
    fs.chmodSync(dir, 0o700);
    if (postgresIds) fs.chownSync(dir, postgresIds.uid, postgresIds.gid);
    // The socket path must stay under the kernel's limit of about 107 bytes.
    const socketPathFits = path.join(dir, '.s.PGSQL.65535').length < 100;
    const reachable = !asRoot || runQuiet('test', ['-w', dir]).status === 0;
    if (socketPathFits && reachable) return dir;
    fs.rmSync(dir, { recursive: true, force: true });
    log(`${parent} does not suit a PostgreSQL cluster (${reachable ? 'path too long for its socket' : `not reachable by the ${PG_USER} user`}); trying the next place`);
  }
  throw new Failure('Found no directory for the temporary PostgreSQL cluster');
}

async function startPostgres() {
  const bin = findPostgresBin();
  const postgresIds = asRoot ? osUserIds(PG_USER) : undefined;
  if (asRoot && !postgresIds) {
    throw new Failure(`Running as root, but there is no "${PG_USER}" OS user to run PostgreSQL as. Install with: apt-get install -y postgresql`);
  }
  removeStaleClusters([tmpRoot, os.tmpdir()], bin);
  const dir = makeClusterDir(postgresIds);
  fs.writeFileSync(path.join(dir, RUNNER_PID_FILE), String(process.pid));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const cluster = { dir, data, bin, running: false };

  try {
    const init = runQuiet(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { cwd: dir });
    if (init.status !== 0) throw new Failure(`initdb failed:\n${init.stdout}${init.stderr}`);
    const port = await freePort();
    // A throw-away cluster: durability is not wanted, speed is.
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        '',
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${dir.replaceAll("'", "''")}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        '',
      ].join('\n'),
    );
    const start = runQuiet(path.join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-w', '-t', '60', 'start'], { cwd: dir });
    if (start.status !== 0) {
      const serverLog = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      throw new Failure(`PostgreSQL did not start:\n${start.stdout}${start.stderr}${serverLog}`);
    }
    cluster.running = true;
    const create = spawnSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'shoebox_test'], { encoding: 'utf8' });
    if (create.status !== 0) throw new Failure(`createdb failed:\n${create.stdout}${create.stderr}`);
    cluster.url = `postgres://postgres@127.0.0.1:${port}/shoebox_test`;
    log(`PostgreSQL ${path.basename(path.dirname(bin))} is running for this run at ${cluster.url} (${dir})`);
    return cluster;
  } catch (err) {
    stopPostgres(cluster);
    throw err;
  }
}

function stopPostgres(cluster) {
  if (!cluster) return;
  if (cluster.running) {
    const stop = runQuiet(path.join(cluster.bin, 'pg_ctl'), ['-D', cluster.data, '-m', 'immediate', '-w', 'stop'], { cwd: cluster.dir });
    if (stop.status !== 0) log(`pg_ctl stop failed: ${stop.stderr}`);
    cluster.running = false;
  }
  fs.rmSync(cluster.dir, { recursive: true, force: true });
  log(`PostgreSQL stopped and its cluster deleted (${cluster.dir})`);
}

// ---------------------------------------------------------------------------------------- redis

const REDIS_PID_FILE = 'redis.pid';
/** How long redis-server may take to answer its first PING. */
const REDIS_START_LIMIT_MS = 20_000;

/** True when `pid` is a redis-server (a pid left in a stale directory may since belong to anything else). */
function isRedisServer(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server');
  } catch {
    return false;
  }
}

/** Stops redis-servers whose test run died without cleaning up, and removes their directories. */
function removeStaleRedis() {
  if (!fs.existsSync(tmpRoot)) return;
  for (const name of fs.readdirSync(tmpRoot)) {
    if (!name.startsWith('redis-')) continue;
    const dir = path.join(tmpRoot, name);
    try {
      const runner = Number(fs.readFileSync(path.join(dir, RUNNER_PID_FILE), 'utf8'));
      if (isAlive(runner)) continue;
      const pid = Number(fs.readFileSync(path.join(dir, REDIS_PID_FILE), 'utf8'));
      if (isRedisServer(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // A directory without its pid files was never started: nothing runs from it.
    }
    log(`Removing a redis-server directory left by an earlier run: ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves once a Redis at the port answers PING. */
function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
    socket.on('error', () => resolve(false));
  });
}

/** A throw-away redis-server for this run: its own port and directory, nothing written to disk. */
async function startRedis() {
  removeStaleRedis();
  fs.mkdirSync(tmpRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'redis-'));
  fs.writeFileSync(path.join(dir, RUNNER_PID_FILE), String(process.pid));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--logfile', path.join(dir, 'redis.log')],
    { stdio: 'ignore', cwd: dir },
  );
  const server = { dir, child, port };
  fs.writeFileSync(path.join(dir, REDIS_PID_FILE), String(child.pid));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const started = Date.now(); !(await redisAnswers(port)); ) {
    const ended = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
    if (ended || Date.now() - started > REDIS_START_LIMIT_MS) {
      const serverLog = fs.existsSync(path.join(dir, 'redis.log')) ? fs.readFileSync(path.join(dir, 'redis.log'), 'utf8') : '';
      stopRedis(server);
      throw new Failure(`redis-server did not start:\n${serverLog}`);
    }
  }
  server.url = `redis://127.0.0.1:${port}`;
  log(`redis-server is running for this run at ${server.url} (${dir})`);
  return server;
}

function stopRedis(server) {
  if (!server) return;
  // Nothing in it is kept: it is ended at once.
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  fs.rmSync(server.dir, { recursive: true, force: true });
  log(`redis-server stopped and its directory deleted (${server.dir})`);
}

// --------------------------------------------------------------------------------------- vitest

function hasE2eSpecs(dir = path.join(root, 'apps/web/e2e')) {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir, { withFileTypes: true }).some((e) => (e.isDirectory() ? hasE2eSpecs(path.join(dir, e.name)) : e.name.endsWith('.e2e.ts')));
}

/** The projects named with --project in `extra`. */
function projectsIn(extra) {
  const projects = [];
  extra.forEach((arg, i) => {
    if (arg === '--project') projects.push(extra[i + 1]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  });
  return projects;
}

/** The projects besides the end-to-end one: they share the machine's cores as vitest's workers. */
const UNIT_PROJECTS = ['contracts', 'server', 'web'];

/**
 * How the run is split into vitest processes. A whole run is two, side by side: the unit projects, whose
 * workers keep both cores busy, and the end-to-end project, one file at a time, whose browser and server
 * often wait on each other. One after the other, they left half the machine idle for half the run. A run
 * given projects, files or filters is one process with exactly those arguments.
 */
function vitestRuns(extra) {
  if (quick || extra.length) return [{ name: 'vitest', extra }];
  return [
    { name: 'units', extra: UNIT_PROJECTS.flatMap((p) => ['--project', p]) },
    { name: 'e2e', extra: ['--project', 'e2e'] },
  ];
}

/**
 * Whether the run is sure to start end-to-end tests: the whole suite, or the e2e project named. A run of some
 * files only does not make the world on speculation; the e2e project's global setup makes it when it is needed.
 */
const startsE2e = (extra) => !quick && (extra.length === 0 || projectsIn(extra).includes('e2e'));

/** Only the e2e project may have no files yet: a run filtered to it alone then passes. */
function vitestArgs(extra, files) {
  const projects = projectsIn(extra);
  const onlyE2e = projects.length > 0 && projects.every((p) => p === 'e2e');
  if (quick) {
    if (!projects.length) extra = [...QUICK_PROJECTS.flatMap((p) => ['--project', p]), ...extra];
    // Only options (and their values) given: the tests related to what changed.
    const filtered = extra.some((arg, i) => !arg.startsWith('-') && !extra[i - 1]?.startsWith('--project'));
    if (!filtered && !extra.some((arg) => arg.startsWith('--changed'))) extra = [...extra, '--changed'];
  }
  const args = [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${files.results}`,
    `--reporter=${path.join(root, 'scripts/slowest-files-reporter.mjs')}`,
    ...extra,
  ];
  if (onlyE2e && !hasE2eSpecs()) args.push('--passWithNoTests');
  return args;
}

const children = new Set();

/** Starts one vitest process; resolves with its exit code. */
function runVitest(run, env) {
  const files = { results: path.join(tmpRoot, `vitest-results-${run.name}.json`), slowest: path.join(tmpRoot, `vitest-slowest-${run.name}.json`) };
  for (const file of Object.values(files)) fs.rmSync(file, { force: true });
  const args = vitestArgs(run.extra, files);
  log(`Running (${run.name}): vitest ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], { stdio: 'inherit', cwd: root, env: { ...env, SHOEBOX_SLOWEST_FILES: files.slowest } });
    children.add(child);
    child.on('error', (err) => {
      log(`vitest (${run.name}) could not be started: ${err.message}`);
      resolve({ code: 1, files });
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), files });
    });
  });
}

function summarize(files) {
  if (!fs.existsSync(files.results)) return undefined;
  const report = JSON.parse(fs.readFileSync(files.results, 'utf8'));
  // A file that failed outside its tests (import error, failing hook) counts as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** The slowest files of every vitest process of the run together, so a new slow file is seen the day it lands. */
function printSlowest(runs) {
  printSlowestFiles(runs.flatMap((r) => (fs.existsSync(r.files.slowest) ? JSON.parse(fs.readFileSync(r.files.slowest, 'utf8')) : [])));
}

// ----------------------------------------------------------------------------------------- main

let cluster;
let redis;
let cleanedUp = false;

function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) child.kill('SIGTERM');
  stopPostgres(cluster);
  stopRedis(redis);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`Interrupted (${signal}): cleaning up`);
    cleanUp();
    process.exit(128 + (os.constants.signals[signal] ?? 1));
  });
}
process.on('exit', cleanUp);

/**
 * Starts making the end-to-end tests' demo world (scripts/demo-world.mjs) beside the lint, so it is ready when
 * they start; the e2e project's global setup waits for it. Its failure is told there.
 */
function startDemoWorld() {
  if (!startsE2e(vitestExtra)) return;
  log('Making the demo world of the end-to-end tests meanwhile: node scripts/demo-world.mjs');
  const child = spawn(process.execPath, [path.join(root, 'scripts/demo-world.mjs')], { cwd: root, stdio: 'ignore' });
  children.add(child);
  child.on('exit', () => children.delete(child));
}

async function main() {
  build();
  startDemoWorld();
  lint();
  ensureServices();
  cluster = await startPostgres();
  redis = await startRedis();
  const env = { ...process.env, TEST_DATABASE_URL: cluster.url, TEST_REDIS_URL: redis.url, CHROMIUM_PATH };
  const runs = await Promise.all(vitestRuns(vitestExtra).map((run) => runVitest(run, env)));
  const summaries = runs.map((r) => summarize(r.files));
  printSlowest(runs);
  cleanUp();
  log(`Finished in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  if (summaries.some((summary) => !summary)) {
    log(`vitest wrote no results (exit codes ${runs.map((r) => r.code).join(', ')})`);
    console.log('Tests: 0 passed, 0 failed');
    return 1;
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const summary of summaries) for (const key of Object.keys(total)) total[key] += summary[key];
  const code = runs.some((r) => r.code !== 0) ? 1 : 0;
  if (code !== 0 && total.failed === 0) log(`vitest exited with codes ${runs.map((r) => r.code).join(', ')} although no test failed: see the errors above`);
  console.log(`Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return code !== 0 || total.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    cleanUp();
    console.error(`[test] ${err instanceof Failure ? err.message : err.stack ?? err}`);
    process.exit(1);
  },
);
