// Start-up time: spawning `node scripts/start.mjs` (what `npm start` runs) until GET /health first
// answers 200. The first start on a new DATA_DIR creates the database, signing keys and demo
// accounts ("first start"); the following RUNS restart on that same DATA_DIR ("restart", median).
// Baseline: bench/support/bare-server.mjs, a bare Node HTTP server, spawned the same way and
// interleaved with the real one so that machine noise hits both alike.
import { startBareServer, startShoebox } from './support/server.mjs';
import { median, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const RUNS = 5;
/** A restart within 3× a bare Node HTTP server's, measured in the same run (issue 21; it was 11–13×). */
const BUDGET_RATIO = 3;

async function time(start) {
  const server = await start();
  try {
    return server.startupMs;
  } finally {
    await server.stop();
  }
}

export default async function startup({ log }) {
  const data = tempDir('startup-data');
  try {
    const bareFirst = await time(() => startBareServer());
    const oursFirst = await time(() => startShoebox({ dataDir: data.dir }));
    log(`first start: shoebox ${oursFirst.toFixed(0)} ms, bare ${bareFirst.toFixed(0)} ms`);

    const ours = [];
    const bare = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await time(() => startBareServer()));
      ours.push(await time(() => startShoebox({ dataDir: data.dir })));
      log(`restart ${i + 1}/${RUNS}: shoebox ${ours[i].toFixed(0)} ms, bare ${bare[i].toFixed(0)} ms`);
    }

    return [
      row({
        name: `restart to /health 200 (median of ${RUNS})`,
        value: median(ours),
        unit: 'ms',
        baseline: median(bare),
        baselineLabel: 'bare node http',
        budget: BUDGET_RATIO,
        budgetOn: 'ratio',
        samples: ours,
        baselineSamples: bare,
      }),
      row({
        name: 'first start, new DATA_DIR (1 run)',
        value: oursFirst,
        unit: 'ms',
        baseline: bareFirst,
        baselineLabel: 'bare node http',
      }),
    ];
  } finally {
    await data.remove();
  }
}
