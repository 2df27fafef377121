import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicPass } from './periodic-pass.js';

const log = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe('a periodic pass', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at start and then every interval, never two at once', async () => {
    let calls = 0;
    let release!: () => void;
    const pass = startPeriodicPass({
      intervalMs: 1000,
      log: log(),
      failure: 'failed',
      pass: () => new Promise<number>((resolve) => (calls++, (release = () => resolve(calls)))),
      failed: () => -1,
    });
    expect(calls).toBe(1);
    const asked = pass.run();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    release();
    expect(await asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    release();
    await pass.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });

  it('logs a failed pass, answers its fallback and tries again on the next tick', async () => {
    const logger = log();
    let calls = 0;
    const pass = startPeriodicPass({
      intervalMs: 1000,
      log: logger,
      failure: 'Sweeping failed',
      pass: () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(7)),
      failed: () => 3,
    });
    expect(await pass.run()).toBe(3);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Sweeping failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pass.run()).toBe(7);
    expect(calls).toBe(3);
    await pass.stop();
  });

  it('stop waits for the pass under way', async () => {
    let finished = false;
    const pass = startPeriodicPass({
      intervalMs: 1000,
      log: log(),
      failure: 'failed',
      pass: async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
        return 0;
      },
      failed: () => 0,
    });
    const stopped = pass.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
  });
});
