// Push latency: an archive-finished event published with `events.publish` on one server process until
// a WebSocket client connected to another server process sharing Redis (its own redis-server, started
// here) receives it; p95 of SAMPLES, one event in flight at a time. Baseline, interleaved sample by
// sample: a raw Redis PUBLISH from the publishing process to a SUBSCRIBE in the client's, the least a
// hop through Redis costs. Then the in-memory bus on one process (publish and socket on the same
// server) beside a plain WebSocket send from that process. Times are wall-clock readings taken in
// each process (performance.timeOrigin + now), comparable on one machine.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { accessToken } from './support/access-token.mjs';
import { deferCleanup } from './support/cleanup.mjs';
import { BENCH_DIR, REPO_ROOT } from './support/paths.mjs';
import { freePort } from './support/server.mjs';
import { EMMA } from './support/sign-in.mjs';
import { percentile, row, sleep, withTimeout } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const serverRequire = createRequire(path.join(REPO_ROOT, 'apps/server/package.json'));
const WebSocket = serverRequire('ws');
const { Redis } = serverRequire('ioredis');

const WARMUP = 20;
const SAMPLES = 300;
const BUDGET_MS = 1_000;
const SAMPLE_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 30_000;
const PUSH_SERVER = path.join(BENCH_DIR, 'support/push-server.mjs');
const REDIS_PREFIX = 'shoebox-bench:';
const RAW_CHANNEL = 'shoebox-bench:raw';

const now = () => performance.timeOrigin + performance.now();

async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stop = deferCleanup(() => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  }));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      return { url, stop };
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`redis-server did not answer within ${START_TIMEOUT_MS / 1000} s: ${error.message}`);
      await sleep(50);
    } finally {
      probe.disconnect();
    }
  }
}

/** Starts bench/support/push-server.mjs on a free port; `command()` asks it to publish one sample. */
async function startPushServer(env) {
  const port = await freePort();
  const data = tempDir('push');
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [PUSH_SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: data.dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = deferCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await withTimeout(exited, 5_000, 'push server stop').catch(() => child.kill('SIGKILL'));
    }
    await data.remove();
  });
  const ready = await withTimeout(new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`push server exited (${code}):\n${output}`)));
  }), START_TIMEOUT_MS, 'push server start');
  const answers = new Map();
  child.on('message', (m) => answers.get(m.seq)?.(m.sentAt));
  return {
    baseUrl,
    port,
    barePort: ready.barePort,
    stop,
    /** Asks the server to publish sample `seq`; resolves to the time it took just before publishing. */
    command: (message) => new Promise((resolve) => {
      answers.set(message.seq, (sentAt) => {
        answers.delete(message.seq);
        resolve(sentAt);
      });
      child.send(message);
    }),
  };
}

/** A receiver: `next(seq)` resolves to the time sample `seq` arrived. */
function arrivals() {
  const waiting = new Map();
  const early = new Map();
  return {
    arrived(seq, at) {
      const resolve = waiting.get(seq);
      if (resolve) {
        waiting.delete(seq);
        resolve(at);
      } else early.set(seq, at);
    },
    next(seq) {
      if (early.has(seq)) return Promise.resolve(early.get(seq));
      return new Promise((resolve) => waiting.set(seq, resolve));
    },
  };
}

async function pushSocket(url, origin, token) {
  const ws = new WebSocket(url, { origin });
  const received = arrivals();
  await withTimeout(new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'OK') return resolve();
      const seq = Number(JSON.parse(text).message.downloadId.slice('bench-'.length));
      received.arrived(seq, now());
    });
    ws.once('open', () => ws.send(JSON.stringify({ action: 'authenticate', token })));
  }), START_TIMEOUT_MS, 'push socket authentication');
  return { ws, received };
}

function bareSocket(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  const received = arrivals();
  ws.on('message', (data) => received.arrived(Number(JSON.parse(data.toString()).message.downloadId.slice('bench-'.length)), now()));
  return withTimeout(new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, received }));
    ws.once('error', reject);
  }), START_TIMEOUT_MS, 'bare socket');
}

const customerOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

/** Alternates one sample of ours and one of the baseline (first one, then the other), each alone in flight. */
async function measure({ ours, baseline, log, what }) {
  const oursMs = [];
  const baseMs = [];
  let seq = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const pair = i % 2 ? [[baseline, baseMs], [ours, oursMs]] : [[ours, oursMs], [baseline, baseMs]];
    for (const [take, into] of pair) {
      const ms = await withTimeout(take(++seq), SAMPLE_TIMEOUT_MS, `${what} sample ${seq}`);
      if (i >= WARMUP) into.push(ms);
    }
    // Apart, as a job's events are: never two in flight.
    await sleep(2);
  }
  log(`${what}: p50 ${percentile(oursMs, 50).toFixed(2)} ms, p95 ${percentile(oursMs, 95).toFixed(2)} ms; baseline p95 ${percentile(baseMs, 95).toFixed(2)} ms`);
  return { oursMs, baseMs };
}

/** One sample: the server publishes, the receiver times the arrival. */
const sample = (server, receiver, message) => async (seq) => {
  const [sentAt, at] = await Promise.all([server.command({ ...message, seq }), receiver.next(seq)]);
  return at - sentAt;
};

const rows = (name, { oursMs, baseMs }, baselineLabel) => [
  row({ name: `${name}, p95 of ${SAMPLES}`, value: percentile(oursMs, 95), unit: 'ms', baseline: percentile(baseMs, 95), baselineLabel, budget: BUDGET_MS, samples: oursMs, baselineSamples: baseMs }),
  row({ name: `${name}, p50 of ${SAMPLES}`, value: percentile(oursMs, 50), unit: 'ms', baseline: percentile(baseMs, 50), baselineLabel }),
];

export default async function pushLatency({ log }) {
  const redis = await startRedis();
  log(`redis-server at ${redis.url}`);
  const env = { REDIS_URL: redis.url, REDIS_PREFIX };
  const [a, b] = await Promise.all([startPushServer(env), startPushServer(env)]);
  const subscriber = new Redis(redis.url);
  const result = [];
  try {
    const token = await accessToken(a.baseUrl, EMMA);
    const userId = customerOf(token);
    const socket = await pushSocket(`ws://localhost:${a.port}/api/push`, a.baseUrl, token);
    const raw = arrivals();
    await subscriber.subscribe(RAW_CHANNEL);
    subscriber.on('message', (_channel, seq) => raw.arrived(Number(seq), now()));
    const redisRun = await measure({
      what: 'Redis: publish on B, socket on A',
      log,
      ours: sample(b, socket.received, { kind: 'event', userId }),
      baseline: sample(b, raw, { kind: 'raw-redis', channel: RAW_CHANNEL }),
    });
    result.push(...rows('archive-finished event: events.publish on server B → push socket on server A (Redis)', redisRun, 'raw Redis PUBLISH→SUBSCRIBE'));
    socket.ws.terminate();
  } finally {
    subscriber.disconnect();
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
  }

  const single = await startPushServer({});
  try {
    const token = await accessToken(single.baseUrl, EMMA);
    const userId = customerOf(token);
    const socket = await pushSocket(`ws://localhost:${single.port}/api/push`, single.baseUrl, token);
    const bare = await bareSocket(single.barePort);
    const memoryRun = await measure({
      what: 'in memory: one server',
      log,
      ours: sample(single, socket.received, { kind: 'event', userId }),
      baseline: sample(single, bare.received, { kind: 'bare-ws', userId }),
    });
    result.push(...rows('archive-finished event: events.publish → push socket, same server (in-memory bus)', memoryRun, 'plain ws send'));
    socket.ws.terminate();
    bare.ws.terminate();
  } finally {
    await single.stop();
  }
  return result;
}
