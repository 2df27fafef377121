// Throughput beside a replay of the same bytes: capture the real answers of a set of GET URLs, serve
// them from support/replay-server.mjs, and drive both with the same load (support/load.mjs) in
// rounds that alternate which goes first.
import fs from 'node:fs';
import path from 'node:path';
import { runLoad } from './load.mjs';
import { cpuMs } from './process-cpu.mjs';
import { BARE_SERVER_SCRIPT } from './paths.mjs';
import { freePort, spawnServer } from './server.mjs';
import { median, row } from './stats.mjs';
import { tempDir } from './temp.mjs';

const REPLAY_SCRIPT = path.join(path.dirname(BARE_SERVER_SCRIPT), 'replay-server.mjs');
/** Not replayed: they describe one connection or one moment, and the replay server sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** An answer (status, headers as [name, value] pairs, body bytes) as the replay server will give it again. */
export function replayable(status, headers, body) {
  const kept = {};
  for (const [name, value] of headers) if (!HOP_HEADERS.has(name)) kept[name] = value;
  return { status, headers: kept, body };
}

/** One GET, kept as the replay server answers it; anything but 200 is an error. */
export async function capture(baseUrl, url, headers) {
  const response = await fetch(`${baseUrl}${url}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  return replayable(response.status, response.headers, body);
}

/** Starts the replay server on `captured` ({ url: capture() }); answers { origin, stop }. */
export async function startReplay(captured) {
  const dir = tempDir('replay');
  const file = path.join(dir.dir, 'responses.json');
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(captured).map(([u, r]) => [u, { ...r, body: r.body.toString('base64') }]))));
  const server = await spawnServer({ script: REPLAY_SCRIPT, port: await freePort(), env: { REPLAY_FILE: file }, label: 'replay server' });
  return {
    origin: `http://localhost:${server.port}`,
    pid: server.child.pid,
    async stop() {
      await server.stop();
      await dir.remove();
    },
  };
}

/**
 * `rounds` rounds of the same load on `paths` against `ours` and `base` (origins), alternating which
 * goes first; answers { ours: [runLoad results], base: [...] }. A failed request fails the bench. Given the
 * servers' process ids (`pids: { ours, base }`), each result also has `cpuUsPerRequest`: that server's CPU
 * time over the run (warm-up included) per request it answered.
 */
export async function alternateLoad({ name, ours, base, paths, headers, rounds, load, log, pids = {} }) {
  const runs = { ours: [], base: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ['ours', 'base'] : ['base', 'ours'];
    for (const who of order) {
      const cpuBefore = cpuMs(pids[who]);
      const r = await runLoad({ origin: who === 'ours' ? ours : base, paths, headers, ...load });
      const cpuAfter = cpuMs(pids[who]);
      if (cpuBefore !== undefined && cpuAfter !== undefined && r.completed) r.cpuUsPerRequest = ((cpuAfter - cpuBefore) * 1000) / r.completed;
      if (r.errors) throw new Error(`${name} (${who === 'ours' ? 'shoebox' : 'replay'}): ${r.errors} failed requests, first: ${r.firstError}`);
      runs[who].push(r);
    }
    const o = runs.ours.at(-1);
    const b = runs.base.at(-1);
    log(`${name} round ${round + 1}/${rounds}: shoebox ${o.rps.toFixed(0)} req/s p95 ${o.p95.toFixed(1)} ms; replay ${b.rps.toFixed(0)} req/s p95 ${b.p95.toFixed(1)} ms`);
  }
  return runs;
}

/**
 * The row of each server's CPU per request over `alternateLoad`'s runs (median), the replay's as the baseline: the
 * figure to compare builds by, as the machine's other work moves it far less than throughput. None without /proc.
 */
export function cpuPerRequestRow(name, { ours, base }) {
  const pick = (runs) => runs.map((r) => r.cpuUsPerRequest).filter((v) => v !== undefined);
  const [value, baseline] = [pick(ours), pick(base)];
  if (!value.length || !baseline.length) return [];
  return [row({ name: `${name}, server CPU per request`, value: median(value), unit: 'µs', baseline: median(baseline), baselineLabel: 'replay server', samples: value, baselineSamples: baseline })];
}
