import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Rows a background deletion removes per transaction. On SQLite every statement holds the event loop, so a
 * batch is kept to a few milliseconds: other customers' requests are answered between two batches (decision 066).
 */
export const DELETE_BATCH = 100;
/** The pause after a batch, in which waiting requests run, at least this long… */
const MIN_PAUSE_MS = 1;
/** …and this many times as long as the batch took: background work in the server holds it at most a fifth of the time. */
const PAUSE_PER_WORK_TIME = 4;

/**
 * Pauses after `workMs` of background work, `pausePerWork` times as long, so that requests get the rest of
 * the time; throws once `signal` is aborted.
 */
export async function yieldAfter(workMs: number, signal: AbortSignal, pausePerWork = PAUSE_PER_WORK_TIME): Promise<void> {
  await sleep(Math.max(MIN_PAUSE_MS, workMs * pausePerWork));
  signal.throwIfAborted();
}

/**
 * Paces work that has a process of its own (decision 072) by the CPU it used, not the time that passed: in
 * the idle scheduling class the work waits for a free core, and a pause as long as that wait would only
 * slow it further. `pace()` after each step lets the work go on until this process has used `chunkMs` of
 * CPU since its last pause, then pauses `pausePerWork` times that long, so that it takes at most about
 * 1 / (1 + pausePerWork) of a core; its pauses are few and long, for each wake-up waits for a free core.
 */
export function cpuDutyCycle(o: { chunkMs: number; pausePerWork: number }): (signal: AbortSignal) => Promise<void> {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let since = cpuMs();
  return async (signal) => {
    signal.throwIfAborted();
    const used = cpuMs() - since;
    if (used < o.chunkMs) return;
    await sleep(used * o.pausePerWork);
    signal.throwIfAborted();
    since = cpuMs();
  };
}
