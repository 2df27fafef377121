import { vi } from 'vitest';

/**
 * How long a test waits for a condition: as long as Testing Library's find* queries (setup.ts). vitest's own
 * default (1 s) is sized for an idle machine; a busy one must make a test slower, never make it fail: a route's
 * first render took over 5 s with both cores busy. A test that passes never waits this long.
 */
export const CONDITION_TIMEOUT_MS = 15_000;

/** vi.waitFor with the suite's condition timeout. */
export const waitForCondition: typeof vi.waitFor = (callback, options) =>
  vi.waitFor(callback, typeof options === 'number' ? options : { timeout: CONDITION_TIMEOUT_MS, ...options });
