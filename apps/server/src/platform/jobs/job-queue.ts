/**
 * Durable background jobs. A job added with `enqueue` is stored before the call returns and runs
 * until it succeeds or has failed `maxAttempts` times; a process that is killed mid-job does not lose
 * it: another run picks it up once the killed run's lease lapses. A job can therefore run more than
 * once, so handlers make their effect visible in one final step (a row update, an atomic blob write)
 * that a second run repeats harmlessly.
 *
 * Two adapters, chosen by the composition root: the embedded queue keeps jobs in the database
 * (nothing to install), the BullMQ queue keeps them in Redis (`REDIS_URL`).
 */
export interface JobQueue {
  /** Declares what runs a kind of job. Every kind is declared before `start()`. */
  define<P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions<P>): void;
  /**
   * Adds a job of a declared kind. `id` makes it idempotent: while a job with this kind and id exists
   * (queued, running, or finished and not yet cleaned up), a second enqueue adds nothing.
   * `payload` must survive JSON.
   */
  enqueue<P>(kind: string, id: string, payload: P): Promise<void>;
  /** Starts taking jobs; before it, jobs are only stored. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for running ones, whose leases lapse if they do not end. */
  close(): Promise<void>;
  /** What each declared kind holds now, for the operator's metrics (every process's jobs, not only this one's). */
  stats(): Promise<JobKindStats[]>;
}

export interface JobKindStats {
  kind: string;
  /** Due and not taken yet. */
  waiting: number;
  /** To run later: a retry's back-off. */
  delayed: number;
  running: number;
  /** Given up, kept for a while to be looked at. */
  failed: number;
  /** How long the longest-waiting due job has waited, 0 when none waits. */
  oldestWaitingSeconds: number;
}

export interface JobRun<P> {
  id: string;
  kind: string;
  payload: P;
  /** 1 on the first run; more when an earlier run failed or its process died. */
  attempt: number;
  /**
   * Aborted when the queue closes, or when this run lost its job (its lease lapsed: another process may
   * run it); long work checks it between steps. A handler that ends by throwing after a close's abort
   * hands the job back without the run counting as a failed attempt.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (job: JobRun<P>) => Promise<void>;

export interface JobKindOptions<P> {
  /** Runs of this kind at once in one process (default 1). */
  concurrency?: number;
  /** Runs before the job is given up (default 3). */
  maxAttempts?: number;
  /** Called once when the job is given up, with the last error: where a module records the failure. */
  onGivenUp?(job: JobRun<P>, error: Error): Promise<void>;
}
