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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Failure, localServices, PACKAGES } from './lib/local-services.mjs';
import { printSlowestFiles } from './slowest-files-reporter.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmpRoot = path.join(root, '.tmp');
const ci = process.env.CI === 'true';
const CHROMIUM_PATH = '/usr/bin/chromium';
const startedAt = Date.now();
const quick = process.argv[2] === '--quick';
const vitestExtra = process.argv.slice(quick ? 3 : 2);
/** The projects of the inner loop: the end-to-end tests need the web build, so they run with `npm test -- --project e2e`. */
const QUICK_PROJECTS = ['contracts', 'server', 'web'];

const log = (message) => console.log(`[test] ${message}`);
/** Lines of each failure's message printed at the end of the run. */
const FAILURE_LINES = 6;

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

const services = localServices({ tmpRoot, log });
/** Chromium for the end-to-end tests; the zip tests check every archive with Info-ZIP and with Python's zipfile. */
const NEEDED = [PACKAGES.chromium, PACKAGES.postgresql, PACKAGES.redis, PACKAGES.unzip, PACKAGES.python3];

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
    failures: failuresOf(report),
  };
}

/**
 * Each failed test (or file that failed outside its tests) with the start of its message. Printed last, beside
 * the count: CI keeps only the tail of a run's output, and a failure named far above it is lost.
 */
function failuresOf(report) {
  const firstLines = (messages) =>
    (messages ?? []).join('\n').split('\n').filter((line) => line.trim() && !line.includes('node_modules')).slice(0, FAILURE_LINES).map((line) => `      ${line.trim()}`);
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status === 'failed' && tests.length === 0) return [[`  ✗ ${where} (outside its tests)`, ...firstLines([file.message])]];
    return tests.map((t) => [`  ✗ ${where} › ${t.fullName}`, ...firstLines(t.failureMessages)]);
  });
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
  services.stopPostgres(cluster);
  services.stopRedis(redis);
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
 * Starts making the end-to-end tests' worlds beside the lint, so they are ready when the tests need them: the
 * demo world (scripts/demo-world.mjs), which the e2e project's global setup waits for, and the million-photo
 * library (scripts/million-library.mjs), which the one file that needs it waits for. A failure is told there.
 */
function startE2eWorlds() {
  if (!startsE2e(vitestExtra)) return;
  for (const script of ['scripts/demo-world.mjs', 'scripts/million-library.mjs']) {
    log(`Making a world of the end-to-end tests meanwhile: node ${script}`);
    const child = spawn(process.execPath, [path.join(root, script)], { cwd: root, stdio: 'ignore' });
    children.add(child);
    child.on('exit', () => children.delete(child));
  }
}

async function main() {
  build();
  startE2eWorlds();
  lint();
  services.ensurePackages(NEEDED);
  cluster = await services.startPostgres({ database: 'shoebox_test' });
  redis = await services.startRedis();
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
  const failures = summaries.flatMap((summary) => summary.failures);
  if (failures.length > 0) console.log(['Failed:', ...failures.flat()].join('\n'));
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
