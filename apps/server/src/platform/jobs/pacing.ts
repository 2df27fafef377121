import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Rows a background deletion removes per transaction. On SQLite every statement holds the event loop, so a
 * batch is kept to a few milliseconds: other customers' requests are answered between two batches (decision 066).
 */
export const DELETE_BATCH = 100;
/** The pause after a batch, in which waiting requests run, at least this long… */
const MIN_PAUSE_MS = 1;
/** …and this many times as long as the batch took: background work in the server holds it at most a fifth of the time. */
export const PAUSE_PER_WORK_TIME = 4;

/**
 * Pauses after `workMs` of background work, `pausePerWork` times as long, so that requests get the rest of
 * the time; throws once `signal` is aborted.
 */
export async function yieldAfter(workMs: number, signal: AbortSignal, pausePerWork = PAUSE_PER_WORK_TIME): Promise<void> {
  await sleep(Math.max(MIN_PAUSE_MS, workMs * pausePerWork));
  signal.throwIfAborted();
}
