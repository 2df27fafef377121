// npm run bench [-- <name>…] [--build] [--compare <ref>]
// Runs every bench/*.bench.mjs (or those whose name contains one of the given names) one after the
// other, prints one table, and writes bench/results/latest.json. Exits non-zero only when a bench
// crashed; a missed budget is printed as MISSED.
//
// --compare <ref> builds that commit beside this checkout (support/tree.mjs) and runs each bench on both,
// one after the other and alternating which goes first, then prints both side by side (support/compare.mjs).
//
// A bench is a module whose default export is `async (ctx) => rows` (or `{ rows, details }`), each
// row made with `row()` from support/stats.mjs: { name, value, unit, baseline, baselineLabel,
// ratio, budget?, pass? }. `ctx.log(message)` prints progress.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './support/build.mjs';
import { runCleanups } from './support/cleanup.mjs';
import { compareWith } from './support/compare.mjs';
import { BENCH_DIR, RESULTS_DIR } from './support/paths.mjs';
import { withTimeout } from './support/stats.mjs';

const BENCH_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000);
const SUFFIX = '.bench.mjs';

const args = process.argv.slice(2);
/** The value after `--name`, which is then not a filter. */
const valueOf = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const forceBuild = args.includes('--build');
const exact = args.includes('--exact');
const compareRef = valueOf('--compare');
const outFile = valueOf('--out') ?? path.join(RESULTS_DIR, 'latest.json');
const filters = args.filter((a, i) => !a.startsWith('--') && !['--compare', '--out'].includes(args[i - 1]));

const available = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith(SUFFIX))
  .sort()
  .map((f) => ({ name: f.slice(0, -SUFFIX.length), file: path.join(BENCH_DIR, f) }));
const selected = filters.length ? available.filter((b) => filters.some((f) => (exact ? b.name === f : b.name.includes(f)))) : available;
if (!selected.length) {
  console.error(`No bench matches ${filters.join(', ')}. Available: ${available.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
if (compareRef) process.exit(await compareWith(compareRef, selected, { forceBuild }));

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\nbench: ${signal}, cleaning up…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

const loadAtStart = os.loadavg()[0];
const runStarted = performance.now();
const startedAt = new Date().toISOString();
const staleWarning = ensureBuilt({ force: forceBuild });
if (staleWarning) console.error(`bench: WARNING: ${staleWarning}`);

const results = [];
for (const bench of selected) {
  const t0 = performance.now();
  const log = (message) => console.error(`[${bench.name} ${((performance.now() - t0) / 1000).toFixed(1)}s] ${message}`);
  log('start');
  const result = { bench: bench.name, rows: [] };
  try {
    const mod = await import(pathToFileURL(bench.file).href);
    if (typeof mod.default !== 'function') throw new Error(`${bench.name}${SUFFIX} has no default export function`);
    const out = await withTimeout(Promise.resolve(mod.default({ log })), BENCH_TIMEOUT_MS, bench.name);
    const rows = Array.isArray(out) ? out : out?.rows;
    if (!Array.isArray(rows)) throw new Error('the bench returned no rows');
    result.rows = rows;
    if (!Array.isArray(out) && out.details) result.details = out.details;
  } catch (error) {
    result.error = error?.stack ?? String(error);
    log(`CRASHED: ${error?.message ?? error}`);
  } finally {
    await runCleanups();
  }
  result.durationMs = Math.round(performance.now() - t0);
  log(`done in ${(result.durationMs / 1000).toFixed(1)} s`);
  results.push(result);
  if (interrupted) break;
}
const durationMs = Math.round(performance.now() - runStarted);

// ---- printing -------------------------------------------------------------------------------

const DIGITS = { ms: 0, 'µs': 0, KB: 1, MB: 1, score: 0, 'req/s': 0, elements: 0, '': 3 };
function fmt(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '–';
  const digits = DIGITS[unit] ?? 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

const header = ['bench', 'figure', 'value', 'baseline', 'ratio', 'budget', 'status'];
const lines = [];
for (const r of results) {
  if (r.error) lines.push([r.bench, 'CRASHED', '', '', '', '', (r.error.split('\n')[0] ?? '').slice(0, 100)]);
  for (const x of r.rows) {
    const label = x.ratioLabel ? ` ${x.ratioLabel}` : '';
    const limit = x.budgetOn === 'ratio' ? `${x.budget?.toFixed(2)}x${label}` : fmt(x.budget, x.unit);
    const budget = x.budget === undefined ? '' : `${x.better === 'higher' ? '>=' : '<='} ${limit}`;
    const status = [x.pass === undefined ? '' : x.pass ? 'ok' : 'MISSED', x.note ?? ''].filter(Boolean).join(' ');
    const baseline = x.baseline === undefined || x.baseline === null ? '–' : `${fmt(x.baseline, x.unit)} (${x.baselineLabel})`;
    lines.push([r.bench, x.name, fmt(x.value, x.unit), baseline, x.ratio === null || x.ratio === undefined ? '–' : `${x.ratio.toFixed(2)}x${label}`, budget, status]);
  }
}
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
const render = (cells) => cells.map((c, i) => (i === 2 || i === 4 ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
console.log('');
console.log(render(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const l of lines) console.log(render(l));
console.log('');
const load = `load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end`;
console.log(`ratio = value / baseline ('speed' ratios: baseline / value), both measured in this run. ${os.cpus().length} CPUs, ${load}, Node ${process.version}. Wall time ${(durationMs / 1000).toFixed(1)} s.`);
if (staleWarning) console.log(`WARNING: ${staleWarning}`);

fs.mkdirSync(RESULTS_DIR, { recursive: true });
const report = { startedAt, durationMs, node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.release()}`, loadAverage: { start: loadAtStart, end: os.loadavg()[0] }, staleBuild: staleWarning ?? null, results };
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);

process.exit(results.some((r) => r.error) || interrupted ? 1 : 0);
