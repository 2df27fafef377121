import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { databases, type TestDatabase } from '../../test/databases.js';
import { deleteRedisKeys, REDIS_UNAVAILABLE, startOwnRedis, testRedisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { createDatabase } from '../db/database.js';
import { startTestChild } from '../../test/children/test-child.js';
import { isDependencyOutage } from '../http/dependency-outage.js';
import { PRODUCER_CONNECT_TIMEOUT_MS } from './bullmq-job-queue.js';
import type { JobRun } from './job-queue.js';
import { currentTrace, withTrace } from '../runtime/trace.js';
import { openTestQueue, type TestQueue, type TestQueueSetup } from './fixtures/test-queues.js';

/** Short enough that a killed process's job is taken over within a second or two. */
const TEST_TIMING = { leaseMs: 1_000, heartbeatMs: 200, pollMs: 50, retryBaseMs: 50, retryMaxMs: 200, closeWaitMs: 1_000 };
/** A second process compiles its sources as it starts: on a busy machine that takes a while. */
const WITH_SECOND_PROCESS = { timeout: 60_000 };

interface Backend {
  name: string;
  available: boolean;
  unavailable: string;
  /** A place for a suite's jobs that every queue (and a second process) of the suite shares. */
  create(): Promise<{ setup: TestQueueSetup; drop(): Promise<void> }>;
  /** Makes a running job's lease lapse now, as a process stalled past it would find. */
  expireLease(setup: TestQueueSetup, kind: string, id: string): Promise<void>;
}

const embeddedBackends: Backend[] = databases.map((kind) => ({
  name: `embedded on ${kind.name}`,
  available: kind.available,
  unavailable: `${kind.name} is not available: set TEST_DATABASE_URL (npm test does)`,
  async create() {
    const database: TestDatabase = await kind.create('migrated');
    return { setup: { adapter: 'embedded', databaseUrl: database.url, timing: TEST_TIMING }, drop: () => database.drop() };
  },
  async expireLease(setup, kind, id) {
    if (setup.adapter !== 'embedded') throw new Error('Not an embedded queue');
    const db = await createDatabase(loadConfig({ DATABASE_URL: setup.databaseUrl }).database);
    try {
      await db.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1).toISOString() }).where('kind', '=', kind).where('id', '=', id).execute();
    } finally {
      await db.destroy();
    }
  },
}));

const bullmqBackend: Backend = {
  name: 'BullMQ on Redis',
  available: Boolean(testRedisUrl),
  unavailable: REDIS_UNAVAILABLE,
  async create() {
    const prefix = uniqueRedisPrefix('jobs');
    // BullMQ puts a colon after its prefix itself.
    return { setup: { adapter: 'bullmq', redisUrl: testRedisUrl!, prefix: prefix.slice(0, -1), timing: TEST_TIMING }, drop: () => deleteRedisKeys(prefix) };
  },
  async expireLease(setup, kind, id) {
    if (setup.adapter !== 'bullmq') throw new Error('Not a BullMQ queue');
    const redis = new Redis(setup.redisUrl);
    try {
      // BullMQ's lock key of the job (bullmq-job-queue.ts encodes our id behind a letter).
      expect(await redis.del(`${setup.prefix}:${kind}:j${encodeURIComponent(id)}:lock`)).toBe(1);
    } finally {
      await redis.quit();
    }
  },
};

const backends = [...embeddedBackends, bullmqBackend];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); !condition(); await sleep(20)) {
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
  }
}

/** A process of its own running fixtures/job-child.ts, holding the job kind `effect` until killed. */
function startChild(setup: TestQueueSetup): { child: ChildProcess; started: Promise<string> } {
  const { child, ready } = startTestChild(new URL('./fixtures/job-child.ts', import.meta.url), { JOB_CHILD_SETUP: JSON.stringify(setup) }, 'started ', 'second process');
  return { child, started: ready };
}

describe.each(backends)('job queue: $name', (backend) => {
  let setup: TestQueueSetup;
  let drop: (() => Promise<void>) | undefined;
  let opened: TestQueue[] = [];
  let kindNumber = 0;
  let kind: string;

  beforeAll(async () => {
    if (!backend.available) return;
    ({ setup, drop } = await backend.create());
  });
  afterAll(async () => {
    await drop?.();
  });
  beforeEach((context) => {
    if (!backend.available) context.skip(backend.unavailable);
    kind = `test-kind-${++kindNumber}`;
  });
  afterEach(async () => {
    await Promise.all(opened.map((q) => q.dispose()));
    opened = [];
  });

  async function open(timing: Partial<typeof TEST_TIMING> = {}): Promise<TestQueue> {
    const queue = await openTestQueue({ ...setup, timing: { ...setup.timing, ...timing } });
    opened.push(queue);
    return queue;
  }

  it('runs a job once, with its payload, as soon as it is added', async () => {
    // A poll this slow never comes during the test: only the wake-up on enqueue can start the job.
    const queue = await open({ pollMs: 60_000 });
    const runs: JobRun<unknown>[] = [];
    queue.define<{ photos: string[] }>(kind, async (job) => void runs.push(job));
    await queue.start();
    await queue.enqueue(kind, 'job-1', { photos: ['a', 'b'] });
    await until(() => runs.length === 1, 'the job to run');
    await sleep(300);
    expect(runs.map(({ id, kind: k, payload, attempt }) => ({ id, kind: k, payload, attempt }))).toEqual([
      { id: 'job-1', kind, payload: { photos: ['a', 'b'] }, attempt: 1 },
    ]);
  });

  it("runs a job within the trace of the request that asked for it, on another queue too; a job asked for outside any, within none", async () => {
    const asking = await open({ pollMs: 60_000 });
    const running = await open();
    const traces: Array<[string, string | undefined]> = [];
    asking.define(kind, async () => void traces.push(['asking', 'never runs here']));
    running.define(kind, async (job) => void traces.push([job.id, currentTrace()]));
    await running.start();
    await withTrace('request-7f3a', () => asking.enqueue(kind, 'traced', {}));
    await asking.enqueue(kind, 'untraced', {});
    await until(() => traces.length === 2, 'both jobs to run');
    expect(Object.fromEntries(traces)).toEqual({ traced: 'request-7f3a', untraced: undefined });
  });

  it('says what each kind holds for the metrics: waiting, running and given up, and how long the oldest has waited', async () => {
    const queue = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    queue.define<{ fail?: boolean }>(
      kind,
      async (job) => {
        if (job.payload.fail) throw new Error('gives up');
        await held;
      },
      { concurrency: 1, maxAttempts: 1 },
    );
    const statsOf = async () => (await queue.stats()).find((s) => s.kind === kind)!;
    await queue.enqueue(kind, 'first', {});
    await queue.enqueue(kind, 'second', {});
    expect(await statsOf()).toMatchObject({ waiting: 2, delayed: 0, running: 0, failed: 0 });
    expect((await statsOf()).oldestWaitingSeconds).toBeGreaterThanOrEqual(0);

    await queue.start();
    await expect.poll(statsOf, { timeout: 10_000 }).toMatchObject({ waiting: 1, running: 1 });
    release();
    await expect.poll(statsOf, { timeout: 10_000 }).toMatchObject({ waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 });
    await queue.enqueue(kind, 'third', { fail: true });
    await expect.poll(statsOf, { timeout: 10_000 }).toMatchObject({ waiting: 0, running: 0, failed: 1 });
  });

  it('keeps jobs added before the start and runs them once it starts', async () => {
    const queue = await open();
    const ran: string[] = [];
    queue.define(kind, async (job) => void ran.push(job.id));
    await queue.enqueue(kind, 'early', null);
    await sleep(200);
    expect(ran).toEqual([]);
    await queue.start();
    await until(() => ran.length === 1, 'the stored job to run');
    expect(ran).toEqual(['early']);
  });

  it('adds a job once however often it is enqueued with one id, before and after it ran', async () => {
    const queue = await open();
    const ran: unknown[] = [];
    queue.define<{ n: number }>(kind, async (job) => void ran.push(job.payload.n));
    await Promise.all([queue.enqueue(kind, 'same', { n: 1 }), queue.enqueue(kind, 'same', { n: 2 })]);
    await queue.start();
    await until(() => ran.length === 1, 'the job to run');
    await queue.enqueue(kind, 'same', { n: 3 });
    await sleep(400);
    expect(ran).toHaveLength(1);
    expect([1, 2]).toContain(ran[0]);
  });

  it('refuses a job of a kind nobody defined, a kind named with a colon, and a kind defined after the start', async () => {
    const queue = await open();
    queue.define(kind, async () => {});
    expect(() => queue.define('downloads:archive', async () => {})).toThrow('without a colon');
    await expect(queue.enqueue('no-such-kind', 'x', {})).rejects.toThrow('No job kind "no-such-kind" is defined');
    await queue.start();
    expect(() => queue.define(`${kind}-late`, async () => {})).toThrow('defined after the job queue started');
  });

  it('runs a failing job again after a wait, and gives it up once after its last attempt', async () => {
    const queue = await open();
    const attempts: number[] = [];
    const givenUp: { attempt: number; message: string }[] = [];
    queue.define(
      kind,
      async (job) => {
        attempts.push(job.attempt);
        throw new Error(`broken on attempt ${job.attempt}`);
      },
      { maxAttempts: 3, onGivenUp: async (job, error) => void givenUp.push({ attempt: job.attempt, message: error.message }) },
    );
    await queue.start();
    await queue.enqueue(kind, 'doomed', {});
    await until(() => givenUp.length > 0, 'the job to be given up');
    await sleep(500);
    expect(attempts).toEqual([1, 2, 3]);
    expect(givenUp).toEqual([{ attempt: 3, message: 'broken on attempt 3' }]);
    // The error service hears of it once, by the job's kind and the trace it was enqueued under (none here: its id).
    expect(queue.reported).toEqual([{ correlationId: 'doomed', source: 'job', where: kind, message: 'broken on attempt 3' }]);
  });

  it('succeeds on a later attempt without being given up', async () => {
    const queue = await open();
    const attempts: number[] = [];
    let givenUp = 0;
    queue.define(
      kind,
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('not yet');
      },
      { onGivenUp: async () => void givenUp++ },
    );
    await queue.start();
    await queue.enqueue(kind, 'flaky', {});
    await until(() => attempts.length === 2, 'the second attempt');
    await sleep(400);
    expect(attempts).toEqual([1, 2]);
    expect(givenUp).toBe(0);
  });

  it('never runs one job in two queues at once, and runs every job once', async () => {
    const queues = [await open(), await open()];
    const runs = new Map<string, number>();
    const active = new Set<string>();
    let overlaps = 0;
    for (const queue of queues) {
      queue.define(
        kind,
        async (job) => {
          if (active.has(job.id)) overlaps++;
          active.add(job.id);
          await sleep(Math.random() * 30);
          active.delete(job.id);
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        },
        { concurrency: 3 },
      );
    }
    await Promise.all(queues.map((q) => q.start()));
    const ids = Array.from({ length: 40 }, (_, i) => `job-${i}`);
    await Promise.all(ids.map((id, i) => queues[i % 2]!.enqueue(kind, id, { i })));
    await until(() => runs.size === ids.length, 'every job to run');
    await sleep(300);
    expect(overlaps).toBe(0);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(queues.flatMap((q) => q.logged)).toEqual([]);
  });

  it('hands the jobs it stops back at once when it closes', async () => {
    const first = await open({ leaseMs: 30_000 });
    let firstStarted = false;
    first.define(kind, async (job) => {
      firstStarted = true;
      await new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason as Error)));
    });
    await first.start();
    await first.enqueue(kind, 'long', {});
    await until(() => firstStarted, 'the first queue to take the job');

    const second = await open({ leaseMs: 30_000 });
    const attempts: number[] = [];
    second.define(kind, async (job) => void attempts.push(job.attempt));
    await second.start();
    await sleep(300);
    expect(attempts).toEqual([]);
    await first.close();
    // Well before the 30 s lease would lapse, and the stopped run is not counted as a failure.
    await until(() => attempts.length === 1, 'the second queue to take the job', 3_000);
    expect(attempts).toEqual([1]);
  });

  it('stops a run whose lease lapsed, and the job runs again', async () => {
    const attempts: number[] = [];
    let stopped = '';
    const handler = async (job: JobRun<unknown>) => {
      attempts.push(job.attempt);
      if (job.attempt > 1) return;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      stopped = (job.signal.reason as Error).message;
      throw job.signal.reason;
    };
    const queues = [await open(), await open()];
    for (const queue of queues) queue.define(kind, handler);
    await Promise.all(queues.map((q) => q.start()));
    await queues[0]!.enqueue(kind, 'stalled', {});
    await until(() => attempts.length === 1, 'a queue to take the job');
    await sleep(300);
    expect(attempts).toEqual([1]);
    await backend.expireLease(setup, kind, 'stalled');
    await until(() => stopped !== '' && attempts.length === 2, 'the first run to stop and the job to run again');
    await sleep(500);
    expect(stopped).toMatch(/lost its job/);
    expect(attempts).toEqual([1, 2]);
  });

  it('re-runs a job whose process was killed mid-job, once its lease lapses, and its effect happens once', WITH_SECOND_PROCESS, async () => {
    const survivor = await open();
    const effects: { id: string; attempt: number; at: number }[] = [];
    survivor.define<{ label: string }>('effect', async (job) => void effects.push({ id: job.id, attempt: job.attempt, at: Date.now() }));
    await survivor.enqueue('effect', 'killed-mid-job', { label: 'x' });

    const { child, started } = startChild(setup);
    try {
      expect(await started).toBe('started killed-mid-job 1');
      // While the other process lives it renews its lease: this queue does not take the job.
      await survivor.start();
      await sleep(TEST_TIMING.leaseMs * 2);
      expect(effects).toEqual([]);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      await until(() => effects.length > 0, 'the job to be run again', 10_000);
      await sleep(500);
      expect(effects.map(({ id, attempt }) => ({ id, attempt }))).toEqual([{ id: 'killed-mid-job', attempt: 2 }]);
      // Taken over once the lease lapsed, not at some much later sweep.
      expect(effects[0]!.at - killedAt).toBeLessThan(TEST_TIMING.leaseMs + 4_000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('gives up a job whose last run never ended (its queue stopped renewing the lease), without running it again', async () => {
    // A handler that ignores the close's abort: the closed queue stops renewing and leaves the lease to lapse, as a dead process would.
    const abandoned = await open({ closeWaitMs: 100 });
    let abandonedStarted = false;
    abandoned.define(
      kind,
      () => {
        abandonedStarted = true;
        return new Promise<void>(() => {});
      },
      { maxAttempts: 1 },
    );
    await abandoned.start();
    await abandoned.enqueue(kind, 'never-ends', {});
    await until(() => abandonedStarted, 'the first queue to take the job');
    await abandoned.close();

    const survivor = await open();
    const ran: number[] = [];
    const givenUp: { id: string; message: string }[] = [];
    survivor.define(kind, async (job) => void ran.push(job.attempt), {
      maxAttempts: 1,
      onGivenUp: async (job, error) => void givenUp.push({ id: job.id, message: error.message }),
    });
    await survivor.start();
    await until(() => givenUp.length > 0, 'the job to be given up');
    await sleep(500);
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]!.id).toBe('never-ends');
    expect(ran).toEqual([]);
  });
});

describe('BullMQ while Redis is away', () => {
  it('adding a job fails within about a second, as an outage the caller answers 503, instead of waiting ~11 s', async () => {
    const redis = await startOwnRedis();
    const queue = await openTestQueue({ adapter: 'bullmq', redisUrl: redis.url, prefix: 'away', timing: TEST_TIMING });
    try {
      queue.define('away-kind', async () => {});
      await queue.enqueue('away-kind', 'before', null);
      await redis.stop();
      const started = Date.now();
      const error = await queue.enqueue('away-kind', 'during', null).then(() => undefined, (e: unknown) => e);
      expect(isDependencyOutage(error), String(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(PRODUCER_CONNECT_TIMEOUT_MS + 2_000);
    } finally {
      await redis.stop();
      await queue.dispose();
    }
  }, 60_000);
});
