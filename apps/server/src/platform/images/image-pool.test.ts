import { afterEach, describe, expect, it } from 'vitest';
import { createImagePool, ImageJobCrashed, ImageJobFailed, ImageJobTimedOut, ImagePoolBusy, type ImagePool, type ImagePoolOptions } from './image-pool.js';
import { IMAGE_WORK_PRIORITY } from './image-worker.js';
import { TEST_CHILD_EXEC_ARGV } from '../../test/children/exec-argv.js';
import { waitForCondition } from '../../test/wait.js';

interface TestJob {
  sleepMs?: number;
  spin?: boolean;
  exitCode?: number;
  fail?: string;
}
interface TestResult {
  pid: number;
  startedAt: number;
  endedAt: number;
  threadPriorities: number[];
}

const pools: ImagePool<TestJob, TestResult>[] = [];


function testPool(options: Partial<ImagePoolOptions> = {}) {
  const pool = createImagePool<TestJob, TestResult>({
    entry: new URL('./fixtures/test-jobs.mjs', import.meta.url),
    execArgv: TEST_CHILD_EXEC_ARGV,
    size: 2,
    perOwner: 2,
    maxQueued: 50,
    maxQueuedPerOwner: 50,
    timeLimitMs: 15_000,
    idleMs: 10_000,
    ...options,
  });
  pools.push(pool);
  return pool;
}

afterEach(() => {
  for (const pool of pools.splice(0)) pool.close();
});

/** The most intervals that overlap at one moment. */
function mostAtOnce(runs: TestResult[]): number {
  const edges = runs.flatMap((r) => [
    { at: r.startedAt, step: 1 },
    { at: r.endedAt, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (now += edge.step));
  return most;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the image pool', () => {
  it('runs each job in a child process whose every thread has a lower priority than the server', async () => {
    const result = await testPool().run('customer-a', {});
    expect(result.pid).not.toBe(process.pid);
    expect(result.threadPriorities.length).toBeGreaterThan(1);
    expect(new Set(result.threadPriorities)).toEqual(new Set([IMAGE_WORK_PRIORITY]));
    expect(IMAGE_WORK_PRIORITY).toBeGreaterThan(0); // a higher nice value is a lower priority
  });

  it('never runs more than its size at once, nor more than the per-owner bound for one owner, and lets another owner in at once', async () => {
    const pool = testPool({ size: 3, perOwner: 2 });
    // Three children started before the clock matters, so a job starts the moment the pool sends it.
    await Promise.all(['warm-1', 'warm-2', 'warm-3'].map((owner) => pool.run(owner, { sleepMs: 100 })));
    const a = Array.from({ length: 6 }, () => pool.run('customer-a', { sleepMs: 300 }));
    const b = Array.from({ length: 3 }, () => pool.run('customer-b', { sleepMs: 300 }));
    const [runsA, runsB] = [await Promise.all(a), await Promise.all(b)];

    expect(mostAtOnce(runsA)).toBe(2);
    expect(mostAtOnce([...runsA, ...runsB])).toBe(3);
    // Customer b's first job did not queue behind customer a's six: it started before a's third.
    const startsA = runsA.map((r) => r.startedAt).sort((x, y) => x - y);
    expect(Math.min(...runsB.map((r) => r.startedAt))).toBeLessThan(startsA[2]!);
    expect(new Set([...runsA, ...runsB].map((r) => r.pid)).size).toBe(3); // children are reused
  });

  it('refuses a job when too many wait, in all or of one owner, and runs the ones it took', async () => {
    const pool = testPool({ size: 1, perOwner: 1, maxQueued: 2, maxQueuedPerOwner: 1 });
    const running = pool.run('customer-a', { sleepMs: 300 });
    const waitingA = pool.run('customer-a', {});
    await expect(pool.run('customer-a', {})).rejects.toBeInstanceOf(ImagePoolBusy);
    const waitingB = pool.run('customer-b', {});
    await expect(pool.run('customer-c', {})).rejects.toBeInstanceOf(ImagePoolBusy);
    expect(pool.status()).toMatchObject({ running: 1, queued: 2 });

    await Promise.all([running, waitingA, waitingB]);
    expect(pool.status()).toMatchObject({ running: 0, queued: 0 });
  });

  it('stops a job over the time limit, killing its child, and goes on with the next job', async () => {
    const pool = testPool({ size: 1, timeLimitMs: 1_000 });
    const { pid: spinner } = await pool.run('customer-a', {});
    const spinning = pool.run('customer-a', { spin: true }).catch((error: unknown) => error);
    const next = pool.run('customer-b', {});

    expect(await spinning).toBeInstanceOf(ImageJobTimedOut);
    expect((await next).pid).not.toBe(spinner);
    await waitForCondition(() => expect(isAlive(spinner)).toBe(false));
  });

  it('fails a job whose child dies, and goes on with the next job in a new child', async () => {
    const pool = testPool({ size: 1 });
    const dying = pool.run('customer-a', { exitCode: 3 });
    const next = pool.run('customer-a', {});
    await expect(dying).rejects.toThrow(ImageJobCrashed);
    await expect(dying).rejects.toThrow(/exit code 3/);
    expect((await next).pid).toBeGreaterThan(0);
  });

  it("hands back a job's own error with its message and code, and keeps the child", async () => {
    const pool = testPool({ size: 1 });
    const first = await pool.run('customer-a', {});
    await expect(pool.run('customer-a', { fail: 'no such photo' })).rejects.toMatchObject({ name: 'ImageJobFailed', message: 'no such photo', code: 'EJOB' });
    await expect(pool.run('customer-a', { fail: 'again' })).rejects.toBeInstanceOf(ImageJobFailed);
    expect((await pool.run('customer-a', {})).pid).toBe(first.pid);
  });

  it('keeps the children it is told to warm for the next job, and ends the other idle ones', async () => {
    const pool = testPool({ idleMs: 100, warm: 1 });
    const [a, b] = await Promise.all([pool.run('customer-a', {}), pool.run('customer-b', {})]);
    expect(a.pid).not.toBe(b.pid);
    await waitForCondition(() => expect(pool.status().pids).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [kept] = pool.status().pids;
    expect([a.pid, b.pid]).toContain(kept);
    expect((await pool.run('customer-a', {})).pid).toBe(kept);
  });

  it('ends a child that stayed idle', async () => {
    const pool = testPool({ idleMs: 100 });
    const { pid } = await pool.run('customer-a', {});
    await waitForCondition(() => expect(pool.status().pids).toEqual([]));
    await waitForCondition(() => expect(isAlive(pid)).toBe(false));
  });
});
