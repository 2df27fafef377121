// `npm run bench -- --compare <ref>`: each selected bench run on this checkout and on a built worktree of
// <ref> (support/tree.mjs), one after the other in one run and alternating which goes first, so that both
// meet the same machine; then one table with both figures and both ratios side by side. Each side's ratio
// is against its own baseline, measured in its own run: the change of ratio is what a change costs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtTree, commitOf, dependenciesDiffer, shortCommit } from './tree.mjs';
import { RESULTS_DIR } from './paths.mjs';

const RUN_SCRIPT = fileURLToPath(new URL('../run.mjs', import.meta.url));

/** Runs one bench on one tree (a child `bench/run.mjs`, so each side loads its own build); answers its result. */
export function runOn(tree, bench, { forceBuild = false, tag }) {
  const out = path.join(RESULTS_DIR, `compare-${tag}-${bench.name}.json`);
  fs.rmSync(out, { force: true });
  const env = { ...process.env };
  if (tree) env.BENCH_TREE = tree;
  else delete env.BENCH_TREE;
  const args = [RUN_SCRIPT, bench.name, '--exact', '--out', out, ...(forceBuild && !tree ? ['--build'] : [])];
  spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!fs.existsSync(out)) return { bench: bench.name, rows: [], error: 'the run wrote no result' };
  return JSON.parse(fs.readFileSync(out, 'utf8')).results[0];
}

const figure = (x) => (x === undefined || x === null || Number.isNaN(x) ? '–' : `${x.toFixed(x >= 100 ? 0 : 2)}`);
const ratioText = (row) => (row?.ratio === undefined || row?.ratio === null ? '–' : `${row.ratio.toFixed(2)}x${row.ratioLabel ? ` ${row.ratioLabel}` : ''}`);

/** The table of both sides; `change` is this side's ratio over the other's (above 1: a higher ratio here). */
export function comparisonLines(pairs, labels) {
  const header = ['bench', 'figure', `value ${labels.here}`, `ratio ${labels.here}`, `value ${labels.there}`, `ratio ${labels.there}`, 'change', 'budget'];
  const lines = [];
  for (const { here, there } of pairs) {
    for (const err of [here.error && `${labels.here}: ${here.error}`, there.error && `${labels.there}: ${there.error}`].filter(Boolean)) lines.push([here.bench, 'CRASHED', err.split('\n')[0].slice(0, 90), '', '', '', '', '']);
    const names = [...new Set([...here.rows, ...there.rows].map((r) => r.name))];
    for (const name of names) {
      const a = here.rows.find((r) => r.name === name);
      const b = there.rows.find((r) => r.name === name);
      const change = a?.ratio && b?.ratio ? `${(a.ratio / b.ratio).toFixed(2)}` : '–';
      const unit = (a ?? b).unit ?? '';
      const budget = (a ?? b).budget === undefined ? '' : `${(a ?? b).better === 'higher' ? '>=' : '<='} ${(a ?? b).budget}${(a ?? b).budgetOn === 'ratio' ? 'x' : ` ${unit}`}`;
      lines.push([here.bench, name, `${figure(a?.value)} ${unit}`, ratioText(a), `${figure(b?.value)} ${unit}`, ratioText(b), change, budget]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const render = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)];
}

/** The whole comparison; answers the process's exit code (1 when a side crashed). */
export async function compareWith(ref, selected, { forceBuild = false } = {}) {
  const log = (message) => console.error(`[compare] ${message}`);
  const commit = commitOf(ref);
  const tree = builtTree(commit, log);
  const labels = { here: 'this', there: shortCommit(commit) };
  if (dependenciesDiffer(commit)) log(`package-lock.json differs at ${labels.there}: it runs on its own installed packages`);
  const pairs = [];
  for (const [i, bench] of selected.entries()) {
    const sides = i % 2 === 0 ? ['here', 'there'] : ['there', 'here'];
    const pair = {};
    for (const side of sides) {
      log(`${bench.name} on ${labels[side]}`);
      pair[side] = runOn(side === 'here' ? undefined : tree, bench, { forceBuild, tag: side === 'here' ? 'this' : labels.there });
    }
    pairs.push(pair);
  }
  console.log(['', ...comparisonLines(pairs, labels), '', `change = ratio on this checkout / ratio on ${labels.there} (${ref}), each against its own baseline measured in its own run.`].join('\n'));
  return pairs.some((p) => p.here.error || p.there.error) ? 1 : 0;
}
