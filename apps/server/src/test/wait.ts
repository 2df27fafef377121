import { vi } from 'vitest';

/**
 * How long a server test waits for a condition (a child to start or end, a job to settle). vi.waitFor's own
 * default, 1 s, is sized for an idle machine: with both cores busy a child process takes seconds to start or
 * exit, which must make a test slower, never make it fail. A test that passes never waits this long.
 */
export const CONDITION_TIMEOUT_MS = 15_000;

/** vi.waitFor with the suite's condition timeout. */
export const waitForCondition: typeof vi.waitFor = (callback, options) =>
  vi.waitFor(callback, typeof options === 'number' ? options : { timeout: CONDITION_TIMEOUT_MS, ...options });
