// node bench/bisect.mjs <good> <bad> <bench> [--figure <text>] [--tolerance 0.1]
// Finds the first commit between <good> and <bad> (on the first-parent line) where a bench's figure got
// worse: each commit tried is built beside this checkout (support/tree.mjs) and its bench run alternately
// with <good>'s, so both meet the same machine; a commit is worse when its ratio is more than `tolerance`
// (a fraction) worse than <good>'s in that same pair of runs. <bad> is checked first: a range where it is
// not worse has nothing to find. Figures are those of the bench's rows; --figure picks one by a part of
// its name (the first row otherwise).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR, HARNESS_ROOT } from './support/paths.mjs';
import { runOn } from './support/compare.mjs';
import { builtTree, commitOf, shortCommit } from './support/tree.mjs';

const args = process.argv.slice(2);
const valueOf = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [goodRef, badRef, benchName] = args.filter((a, i) => !a.startsWith('--') && !['--figure', '--tolerance'].includes(args[i - 1]));
if (!goodRef || !badRef || !benchName) {
  console.error('usage: node bench/bisect.mjs <good> <bad> <bench> [--figure <text>] [--tolerance 0.1]');
  process.exit(2);
}
const figureText = valueOf('--figure');
const tolerance = Number(valueOf('--tolerance') ?? 0.1);
const bench = { name: benchName, file: path.join(BENCH_DIR, `${benchName}.bench.mjs`) };
const log = (message) => console.error(`[bisect] ${message}`);
const subject = (commit) => execFileSync('git', ['log', '-1', '--format=%s', commit], { cwd: HARNESS_ROOT, encoding: 'utf8' }).trim();

const good = commitOf(goodRef);
const commits = execFileSync('git', ['rev-list', '--first-parent', '--reverse', `${good}..${commitOf(badRef)}`], { cwd: HARNESS_ROOT, encoding: 'utf8' }).trim().split('\n').filter(Boolean);
if (!commits.length) {
  console.error(`No commit between ${goodRef} and ${badRef}`);
  process.exit(2);
}

/** The chosen row of a result, or a failure naming why there is none. */
function figureOf(result, where) {
  if (result.error) throw new Error(`${bench.name} crashed on ${where}: ${result.error.split('\n')[0]}`);
  const row = figureText ? result.rows.find((r) => r.name.includes(figureText)) : result.rows[0];
  if (!row || typeof row.ratio !== 'number') throw new Error(`${bench.name} on ${where} has no ratio for ${figureText ?? 'its first figure'}`);
  return row;
}

/** Runs <good> and `commit` alternately; answers whether `commit` is worse, with both ratios. */
function tryCommit(commit, turn) {
  const tree = builtTree(commit, log);
  const goodTree = builtTree(good, log);
  const results = {};
  for (const side of turn % 2 === 0 ? ['good', 'tried'] : ['tried', 'good']) {
    results[side] = runOn(side === 'good' ? goodTree : tree, bench, { tag: shortCommit(side === 'good' ? good : commit) });
  }
  const before = figureOf(results.good, shortCommit(good));
  const after = figureOf(results.tried, shortCommit(commit));
  // A 'higher is better' ratio (a speed) is worse when it falls; a value/baseline ratio when it rises.
  const change = after.ratio / before.ratio;
  const worse = before.better === 'higher' ? change < 1 - tolerance : change > 1 + tolerance;
  log(`${shortCommit(commit)} ${after.ratio.toFixed(2)}x against ${before.ratio.toFixed(2)}x at ${shortCommit(good)}: ${worse ? 'worse' : 'not worse'} (${after.name})`);
  return worse;
}

let turn = 0;
if (!tryCommit(commits.at(-1), turn++)) {
  console.log(`${shortCommit(commits.at(-1))} is not worse than ${shortCommit(good)} by more than ${tolerance * 100}%: nothing to find.`);
  process.exit(1);
}
// The first worse commit lies in (lo, hi]: lo is known not worse (-1 is <good>), hi is known worse.
let lo = -1;
let hi = commits.length - 1;
while (hi - lo > 1) {
  const mid = Math.floor((lo + hi) / 2);
  if (tryCommit(commits[mid], turn++)) hi = mid;
  else lo = mid;
}
console.log(`First worse commit: ${shortCommit(commits[hi])} ${subject(commits[hi])}`);
