import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ServerFailureReporter } from '../error-reporting/server-failure-reporter.js';
import { currentTrace, withTrace } from '../runtime/trace.js';
import type { JobQueue, JobRun } from './job-queue.js';
import { jobKinds, type JobKind } from './job-kinds.js';
import { asError, DEFAULT_JOB_TIMING, DONE_KEPT_MS, FAILED_KEPT_MS, retryDelayMs, type JobLog, type JobTiming } from './job-timing.js';

export interface BullmqJobQueueOptions {
  url: string;
  /** BullMQ's key prefix: every key of these queues starts with it and a colon, e.g. `shoebox:jobs`. */
  prefix: string;
  log: JobLog;
  /** Told of each job given up, for the error service (decision 117). */
  failures?: Pick<ServerFailureReporter, 'report'>;
  timing?: Partial<JobTiming>;
}

/** What a BullMQ job holds: the module's id as given (BullMQ's own ids refuse some) and the payload. */
interface StoredJob {
  id: string;
  payload: unknown;
  /** The request that asked for it (decision 104); none for jobs stored before. */
  trace?: string;
}

interface Run {
  controller: AbortController;
  ended: Promise<unknown>;
}

/** The backoff of job-timing.ts, by a name BullMQ does not know of its own. */
const RETRY_BACKOFF = 'shoebox-retry';

/**
 * Jobs on BullMQ: one Queue and one Worker per kind under the given prefix (decision 049). The job's
 * id (per kind) is BullMQ's job id, so a second enqueue while the job exists adds nothing; the lock is the lease,
 * renewed on a heartbeat, and a worker whose lock lapsed (its process was killed) has its job moved
 * back to waiting by the stalled check of any worker.
 */
/** How long adding a job waits for a connection to Redis before it fails as an outage. */
export const PRODUCER_CONNECT_TIMEOUT_MS = 1_000;

export function bullmqJobQueue(o: BullmqJobQueueOptions): JobQueue {
  const { log } = o;
  const timing: JobTiming = { ...DEFAULT_JOB_TIMING, ...o.timing };
  const kinds = jobKinds();
  // Adding a job fails at once while Redis is away: the caller answers 503 with Retry-After (decision 092)
  // instead of holding the request through ioredis's default 20 reconnections (~11 s); workers wait it out.
  const producer = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: PRODUCER_CONNECT_TIMEOUT_MS, connectionName: `${o.prefix}:producer` });
  const consumer = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: null, connectionName: `${o.prefix}:worker` });
  for (const [name, connection] of [['producer', producer], ['worker', consumer]] as const) {
    connection.on('error', (err) => log.error({ err, connection: name }, 'Redis connection of the job queue failed; reconnecting'));
  }
  const queues = new Map<string, Queue<StoredJob>>();
  const workers: Worker<StoredJob>[] = [];
  /** This process's runs, by kind and BullMQ job id. */
  const runs = new Map<string, Run>();
  const runKey = (kind: string, jobId: string | undefined) => `${kind}/${jobId}`;
  /** onGivenUp calls under way, which close() lets finish. */
  const givingUp = new Set<Promise<void>>();
  let started = false;
  let closing: Promise<void> | undefined;

  function queueOf(kind: string): Queue<StoredJob> {
    let queue = queues.get(kind);
    if (!queue) {
      queue = new Queue<StoredJob>(kind, { connection: producer, prefix: o.prefix });
      queue.on('error', (err) => log.error({ err, kind }, 'The job queue failed'));
      queues.set(kind, queue);
    }
    return queue;
  }

  /** Failed runs and runs whose process died both count: one run is attempt 1. */
  const attemptOf = (job: Job<StoredJob>) => job.attemptsMade + job.stalledCounter + 1;

  function startWorker(kind: string, definition: JobKind): void {
    const worker = new Worker<StoredJob>(kind, (job, token) => runJob(definition, job, token), {
      connection: consumer,
      prefix: o.prefix,
      concurrency: definition.concurrency,
      lockDuration: timing.leaseMs,
      lockRenewTime: timing.heartbeatMs,
      stalledInterval: timing.heartbeatMs,
      // A job whose process died as often as it may run is given up, as one that failed that often.
      maxStalledCount: definition.maxAttempts - 1,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(timing, attemptsMade) },
    });
    worker.on('error', (err) => log.error({ err, kind }, 'A job worker failed'));
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const jobId of jobIds) {
        runs.get(runKey(kind, jobId))?.controller.abort(new Error('This run lost its job: its lock lapsed, another process may run it'));
        log.warn({ kind, jobId }, 'A running job lost its lock; it is stopped here');
      }
    });
    const reportFailed = (job: Job<StoredJob>, error: Error) => {
      const details = { err: error, kind, jobId: job.data.id, attempt: job.attemptsMade };
      // BullMQ reports every failed run; only a job it moved to failed for good has finishedOn.
      if (!job.finishedOn) {
        log.warn(details, 'A job failed; it runs again later');
        return;
      }
      log.error(details, 'A job is given up');
      o.failures?.report(error, { correlationId: currentTrace() ?? job.data.id, source: 'job', where: kind });
      const run: JobRun<unknown> = { id: job.data.id, kind, payload: job.data.payload, attempt: job.attemptsMade, signal: new AbortController().signal };
      if (!definition.onGivenUp) return;
      const call = definition
        .onGivenUp(run, error)
        .catch((err: unknown) => log.error({ err, kind, jobId: job.data.id }, 'Recording a given-up job failed'))
        .finally(() => givingUp.delete(call));
      givingUp.add(call);
    };
    worker.on('failed', (job, error) => {
      if (!job) return;
      // BullMQ reports it outside the run: its lines name the asking request as the run's do (decision 104).
      withTrace(job.data.trace, () => reportFailed(job, error));
    });
    workers.push(worker);
  }

  async function runJob(definition: JobKind, job: Job<StoredJob>, token: string | undefined): Promise<void> {
    const controller = new AbortController();
    const started = Date.now();
    const handled = withTrace(job.data.trace, () => definition.handler({ id: job.data.id, kind: job.name, payload: job.data.payload, attempt: attemptOf(job), signal: controller.signal }));
    const run: Run = { controller, ended: handled.catch(() => {}) };
    const key = runKey(job.name, job.id);
    runs.set(key, run);
    try {
      await handled;
      withTrace(job.data.trace, () => log.info({ kind: job.name, jobId: job.data.id, attempt: attemptOf(job), ms: Date.now() - started }, 'A job ran'));
    } catch (thrown) {
      // Stopped by close(): handed back to waiting at once, not counted as a failed run.
      if (closing && controller.signal.aborted && token) {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      throw asError(thrown);
    } finally {
      runs.delete(key);
    }
  }

  return {
    define: kinds.define,

    async enqueue(kind, id, payload) {
      const { maxAttempts } = kinds.get(kind);
      if (closing) throw new Error('The job queue is closed');
      await queueOf(kind).add(kind, { id, payload: payload ?? null, trace: currentTrace() }, {
        jobId: bullmqJobId(id),
        attempts: maxAttempts,
        backoff: { type: RETRY_BACKOFF },
        removeOnComplete: { age: DONE_KEPT_MS / 1000 },
        removeOnFail: { age: FAILED_KEPT_MS / 1000 },
      });
    },

    async stats() {
      return Promise.all(
        [...kinds.entries()].map(async ([kind]) => {
          const queue = queueOf(kind);
          const [counts, [oldest]] = await Promise.all([queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed'), queue.getJobs(['waiting'], 0, 0, true)]);
          return {
            kind,
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            delayed: counts.delayed ?? 0,
            running: counts.active ?? 0,
            failed: counts.failed ?? 0,
            oldestWaitingSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0,
          };
        }),
      );
    },

    async start() {
      if (started) throw new Error('The job queue was already started');
      started = true;
      kinds.start();
      // A Redis that cannot be reached stops the start here, with its reason.
      await producer.ping();
      for (const [kind, definition] of kinds.entries()) startWorker(kind, definition);
    },

    close() {
      return (closing ??= (async () => {
        // Paused first, so a run handed back is not fetched again by this process.
        await Promise.all(workers.map((w) => w.pause(true)));
        for (const run of runs.values()) run.controller.abort(new Error('The job queue is closing'));
        // Locks are renewed while the runs stop; a run still going after the wait is left to lapse.
        let waited: NodeJS.Timeout | undefined;
        const stopped = await Promise.race([
          Promise.all([...runs.values()].map((r) => r.ended)).then(() => true),
          new Promise<false>((resolve) => (waited = setTimeout(() => resolve(false), timing.closeWaitMs))),
        ]);
        clearTimeout(waited);
        await Promise.all(workers.map((w) => w.close(!stopped)));
        await Promise.all(givingUp);
        await Promise.all([...queues.values()].map((q) => q.close()));
        await Promise.all([producer, consumer].map((c) => (c.status === 'wait' ? c.disconnect() : c.quit().catch(() => c.disconnect()))));
      })());
    },
  };
}

/** BullMQ refuses ids that read as whole numbers or hold a colon: ours are encoded behind a letter. */
function bullmqJobId(id: string): string {
  return `j${encodeURIComponent(id)}`;
}
