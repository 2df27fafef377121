import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { startPeriodicPass, type PeriodicPass } from '../../platform/jobs/periodic-pass.js';
import { planRun, type PlannedAction } from './retention-plan.js';
import type { RetentionRepository } from './retention.repository.js';
import { runDay } from './retention-schedule.js';

export const RETENTION_JOB = 'retention.run';
/** How often each machine checks whether today's run is enqueued; the job id makes the checks of all machines one run. */
const SCHEDULE_INTERVAL_MS = 10 * 60_000;
/** A run is retried (with the queue's growing waits) until its day is done; the next day's run covers one given up. */
const MAX_ATTEMPTS = 50;

export interface RetentionPayload {
  day: string;
}

/** One run of a day, as the work (retention-process.ts) is given it: `at` stands the clock still there (tests), else it runs. */
export interface RetentionWork {
  day: string;
  at?: string;
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

export interface RetentionServiceDeps {
  repo: RetentionRepository;
  /** Runs a day's run (retention-run.ts) in the process made for it (decision 072). */
  work: (run: RetentionWork, signal: AbortSignal) => Promise<void>;
  runHourUtc: number | null;
  now?: () => Date;
}

/** The storage period's daily run (decision 071) as a durable job keyed by its day. */
export function retentionService(jobs: JobQueue, deps: RetentionServiceDeps): RetentionService {
  const now = deps.now ?? (() => new Date());
  /** The runs under way from here by day: a second run of a day joins the first, else both would mail each customer it reaches. */
  const underWay = new Map<string, Promise<void>>();
  const run = (work: RetentionWork, signal: AbortSignal) => {
    const going = underWay.get(work.day);
    if (going) return going;
    const started = deps.work(work, signal).finally(() => underWay.delete(work.day));
    underWay.set(work.day, started);
    return started;
  };
  jobs.define<RetentionPayload>(RETENTION_JOB, (job) => run({ day: job.payload.day }, job.signal), { maxAttempts: MAX_ATTEMPTS });

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
    runAt: (at) => run({ day: runDay(at), at: at.toISOString() }, new AbortController().signal),
  };
}
