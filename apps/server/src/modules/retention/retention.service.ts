import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { startPeriodicPass, type PeriodicPass } from '../../platform/jobs/periodic-pass.js';
import { planRun, type PlannedAction } from './retention-plan.js';
import { retentionRun, type RetentionDeps } from './retention-run.js';
import { runDay } from './retention-schedule.js';

export const RETENTION_JOB = 'retention.run';
/** How often each machine checks whether today's run is enqueued; the job id makes the checks of all machines one run. */
const SCHEDULE_INTERVAL_MS = 10 * 60_000;
/** A run is retried (with the queue's growing waits) until its day is done; the next day's run covers one given up. */
const MAX_ATTEMPTS = 50;

export interface RetentionPayload {
  day: string;
}

export interface RetentionService {
  /** Enqueues today's run once `runHourUtc` has passed today (never when it is null); answers the day enqueued, if any. */
  schedule(): Promise<string | undefined>;
  startSchedule(log: FastifyBaseLogger): PeriodicPass<string | undefined>;
  /** What a run at `at` would do, without doing it. */
  plan(at: Date): Promise<PlannedAction[]>;
  /** Runs the day of `at` here and now, with the clock standing at `at`: how tests move through a period. */
  runAt(at: Date): Promise<void>;
}

/** The storage period's daily run (decision 071) as a durable job keyed by its day. */
export function retentionService(jobs: JobQueue, deps: RetentionDeps & { runHourUtc: number | null; now?: () => Date }): RetentionService {
  const now = deps.now ?? (() => new Date());
  const run = retentionRun(deps);
  jobs.define<RetentionPayload>(RETENTION_JOB, (job) => run.run(job.payload.day, now, job.signal), { maxAttempts: MAX_ATTEMPTS });

  const schedule = async () => {
    const at = now();
    if (deps.runHourUtc === null || at.getUTCHours() < deps.runHourUtc) return undefined;
    const day = runDay(at);
    await jobs.enqueue<RetentionPayload>(RETENTION_JOB, day, { day });
    return day;
  };

  return {
    schedule,
    startSchedule: (log) => startPeriodicPass({ intervalMs: SCHEDULE_INTERVAL_MS, log, failure: "Enqueueing the storage period's daily run failed; retrying later", pass: schedule, failed: () => undefined }),
    plan: (at) => planRun(deps.repo, at),
    runAt: (at) => run.run(runDay(at), () => at, new AbortController().signal),
  };
}
