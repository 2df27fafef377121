/** The timings both job queues share (decision 049); tests shorten them through the queues' options. */
export interface JobTiming {
  /** How long a run holds its job without renewing: a process killed mid-job loses it after this. */
  leaseMs: number;
  /** How often a run renews its lease; well under `leaseMs`, so a slow renewal or two does not lose it. */
  heartbeatMs: number;
  /** The first retry waits this long, each further one twice as long as the one before… */
  retryBaseMs: number;
  /** …but never longer than this. */
  retryMaxMs: number;
  /** How long `close()` waits for running jobs to stop after their signal is aborted. */
  closeWaitMs: number;
}

const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;
export const CLOSE_WAIT_MS = 10_000;

export const DEFAULT_JOB_TIMING: JobTiming = {
  leaseMs: LEASE_MS,
  heartbeatMs: HEARTBEAT_MS,
  retryBaseMs: RETRY_BASE_MS,
  retryMaxMs: RETRY_MAX_MS,
  closeWaitMs: CLOSE_WAIT_MS,
};

/** Finished jobs are kept this long, so a repeated enqueue with their id still adds nothing. */
export const DONE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Given-up jobs are kept longer, for an operator to read their last error. */
export const FAILED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Runs before a job is given up, when its kind does not say. */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Runs of one kind at once in one process, when its kind does not say. */
export const DEFAULT_CONCURRENCY = 1;

/** The wait before the run after failed run number `attempt`. */
export function retryDelayMs(timing: JobTiming, attempt: number): number {
  return Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** (attempt - 1));
}

/** What the queues log through: the server's logger. */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** An Error for anything a handler threw. */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
