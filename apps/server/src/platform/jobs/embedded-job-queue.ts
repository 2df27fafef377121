import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ServerFailureReporter } from '../error-reporting/server-failure-reporter.js';
import { currentTrace, withTrace } from '../runtime/trace.js';
import type { JobQueue, JobRun } from './job-queue.js';
import { jobKinds, type JobKind } from './job-kinds.js';
import { asError, DEFAULT_JOB_TIMING, DONE_KEPT_MS, FAILED_KEPT_MS, retryDelayMs, type JobLog, type JobTiming } from './job-timing.js';

/** How often an idle queue looks for due jobs; an enqueue in this process wakes it at once. */
const POLL_MS = 1_000;
/** How often finished jobs older than DONE_KEPT_MS / FAILED_KEPT_MS are removed. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** The stored last error is cut to this many characters. */
const ERROR_TEXT_MAX = 2_000;

export interface EmbeddedJobTiming extends JobTiming {
  pollMs: number;
  doneKeptMs: number;
  failedKeptMs: number;
  cleanupEveryMs: number;
}

export interface EmbeddedJobQueueOptions {
  db: Db;
  log: JobLog;
  /** Told of each job given up, for the error service (decision 117). */
  failures?: Pick<ServerFailureReporter, 'report'>;
  timing?: Partial<EmbeddedJobTiming>;
}

/** One run this process holds: `attempt` is the attempt count its claim wrote, so the pair names the claim. */
interface Claim {
  kind: string;
  id: string;
  attempt: number;
  controller: AbortController;
  /** Its lease lapsed or another process took the job: nothing this run writes counts. */
  lost: boolean;
  /** Its outcome is being written: a renewal that finds the row changed has not lost it. */
  ending: boolean;
  ended: Promise<void>;
}

/**
 * Jobs kept in the `jobs` table, on SQLite or PostgreSQL with the same queries (decision 049). A job is
 * claimed by one conditional UPDATE (due and queued, or running with a lapsed lease, and still at the
 * attempt count the poll saw), so two processes on one database never both claim it; the run renews
 * its lease while it works, and every later write names the claim, so a run that lost its job
 * changes nothing.
 */
export function embeddedJobQueue(o: EmbeddedJobQueueOptions): JobQueue {
  const { db, log } = o;
  const timing: EmbeddedJobTiming = {
    ...DEFAULT_JOB_TIMING,
    pollMs: POLL_MS,
    doneKeptMs: DONE_KEPT_MS,
    failedKeptMs: FAILED_KEPT_MS,
    cleanupEveryMs: CLEANUP_EVERY_MS,
    ...o.timing,
  };
  const owner = randomUUID();
  const kinds = jobKinds();
  const claims = new Set<Claim>();
  const runningOf = new Map<string, number>();
  let state: 'stored-only' | 'started' | 'closing' | 'closed' = 'stored-only';
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let closing: Promise<void> | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let cleanupTimer: NodeJS.Timeout | undefined;

  const now = () => new Date().toISOString();
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

  const claimable = (at: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)]),
      eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]),
    ]);
  const held = (c: Claim) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([eb('kind', '=', c.kind), eb('id', '=', c.id), eb('state', '=', 'running'), eb('lease_owner', '=', owner), eb('attempts', '=', c.attempt)]);

  /** Writes a claim's outcome; false when the claim was no longer this run's. */
  async function settle(c: Claim, values: Partial<Database['jobs']>): Promise<boolean> {
    c.ending = true;
    const result = await db.updateTable('jobs').set({ ...values, updated_at: now() }).where(held(c)).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Extends a claim's lease while it has not lapsed. A lapsed lease is not taken back even when nobody
   * has claimed the job yet: another process may be claiming it at this moment.
   */
  async function renew(c: Claim): Promise<boolean> {
    const at = now();
    const result = await db
      .updateTable('jobs')
      .set({ lease_until: inMs(timing.leaseMs), updated_at: at })
      .where(held(c))
      .where('lease_until', '>=', at)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Hands the job back untouched, to be taken at once by whichever process polls first. */
  const release = (c: Claim) => settle(c, { state: 'queued', attempts: c.attempt - 1, run_after: now(), lease_owner: null, lease_until: null });

  function wake(): void {
    if (state !== 'started') return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = poll()
      .catch((err: unknown) => log.error({ err }, 'Looking for due jobs failed; trying again at the next poll'))
      .finally(() => {
        polling = undefined;
        if (pollAgain) {
          pollAgain = false;
          wake();
        }
      });
  }

  async function poll(): Promise<void> {
    for (const [kind, definition] of kinds.entries()) {
      const free = definition.concurrency - (runningOf.get(kind) ?? 0);
      if (state !== 'started' || free <= 0) continue;
      const candidates = await db
        .selectFrom('jobs')
        .select(['id', 'attempts', 'payload', 'trace_id'])
        .where('kind', '=', kind)
        .where(claimable(now()))
        .orderBy('run_after')
        .orderBy('created_at')
        .limit(free)
        .execute();
      for (const candidate of candidates) {
        if (state !== 'started') return;
        const attempt = candidate.attempts + 1;
        const claimed = await db
          .updateTable('jobs')
          .set({ state: 'running', attempts: attempt, lease_owner: owner, lease_until: inMs(timing.leaseMs), updated_at: now() })
          .where('kind', '=', kind)
          .where('id', '=', candidate.id)
          .where('attempts', '=', candidate.attempts)
          .where(claimable(now()))
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) continue;
        const claim: Claim = { kind, id: candidate.id, attempt, controller: new AbortController(), lost: false, ending: false, ended: Promise.resolve() };
        // Closing began while the claim was on its way: the job goes straight back.
        if (state !== 'started') {
          await release(claim);
          return;
        }
        withTrace(candidate.trace_id, () => begin(claim, definition, candidate.payload));
      }
    }
  }

  function begin(claim: Claim, definition: JobKind, payload: string): void {
    claims.add(claim);
    runningOf.set(claim.kind, (runningOf.get(claim.kind) ?? 0) + 1);
    claim.ended = run(claim, definition, payload)
      .catch((err: unknown) => log.error({ err, kind: claim.kind, jobId: claim.id }, 'Recording the end of a job failed; its lease lapses and it runs again'))
      .finally(() => {
        claims.delete(claim);
        runningOf.set(claim.kind, (runningOf.get(claim.kind) ?? 1) - 1);
        wake();
      });
  }

  async function run(claim: Claim, definition: JobKind, payload: string): Promise<void> {
    const job: JobRun<unknown> = { id: claim.id, kind: claim.kind, payload: JSON.parse(payload) as unknown, attempt: claim.attempt, signal: claim.controller.signal };
    if (claim.attempt > definition.maxAttempts) {
      // Its last attempt ended with its process (killed, out of memory): running it again could end the same way.
      await giveUp(claim, definition, job, new Error(`The process running attempt ${claim.attempt - 1} of ${definition.maxAttempts} stopped before the job ended`));
      return;
    }
    const started = Date.now();
    try {
      await definition.handler(job);
    } catch (thrown) {
      const error = asError(thrown);
      if (claim.lost) return;
      if (state !== 'started' && claim.controller.signal.aborted) {
        await release(claim);
        return;
      }
      if (claim.attempt >= definition.maxAttempts) {
        await giveUp(claim, definition, job, error);
        return;
      }
      log.warn({ err: error, kind: claim.kind, jobId: claim.id, attempt: claim.attempt }, 'A job failed; it runs again later');
      await settle(claim, {
        state: 'queued',
        run_after: inMs(retryDelayMs(timing, claim.attempt)),
        lease_owner: null,
        lease_until: null,
        last_error: errorText(error),
      });
      return;
    }
    if (!(await settle(claim, { state: 'done', lease_owner: null, lease_until: null }))) {
      log.warn({ kind: claim.kind, jobId: claim.id, attempt: claim.attempt }, 'A job ended after another process had taken it over');
    } else log.info({ kind: claim.kind, jobId: claim.id, attempt: claim.attempt, ms: Date.now() - started }, 'A job ran');
  }

  /**
   * Tells the kind's owner while the claim is still held (its lease renewed), then marks the job
   * failed: a process that dies in between leaves a job the next claim gives up again, so the owner
   * hears of it at least once and, unless a process dies at that moment, exactly once.
   */
  async function giveUp(claim: Claim, definition: JobKind, job: JobRun<unknown>, error: Error): Promise<void> {
    log.error({ err: error, kind: claim.kind, jobId: claim.id, attempt: claim.attempt }, 'A job is given up');
    o.failures?.report(error, { correlationId: currentTrace() ?? claim.id, source: 'job', where: claim.kind });
    if (definition.onGivenUp) {
      try {
        await definition.onGivenUp(job, error);
      } catch (err) {
        log.error({ err, kind: claim.kind, jobId: claim.id }, 'Recording a given-up job failed');
      }
    }
    await settle(claim, { state: 'failed', lease_owner: null, lease_until: null, last_error: errorText(error) });
  }

  let beating: Promise<void> | undefined;
  const heartbeat = () => void (beating ??= beat().finally(() => (beating = undefined)));
  async function beat(): Promise<void> {
    await Promise.all(
      [...claims].map(async (claim) => {
        if (claim.lost || claim.ending) return;
        try {
          if ((await renew(claim)) || claim.ending) return;
          claim.lost = true;
          claim.controller.abort(new Error('This run lost its job: its lease lapsed, another process may run it'));
          log.warn({ kind: claim.kind, jobId: claim.id }, 'A running job lost its lease; it is stopped here');
        } catch (err) {
          log.error({ err, kind: claim.kind, jobId: claim.id }, 'Renewing a job lease failed; trying again at the next beat');
        }
      }),
    );
  }

  async function cleanUp(): Promise<void> {
    const at = Date.now();
    await db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'done'), eb('updated_at', '<', new Date(at - timing.doneKeptMs).toISOString())]),
          eb.and([eb('state', '=', 'failed'), eb('updated_at', '<', new Date(at - timing.failedKeptMs).toISOString())]),
        ]),
      )
      .execute();
  }
  let cleaning: Promise<void> | undefined;
  const cleanUpLogged = () =>
    void (cleaning ??= cleanUp()
      .catch((err: unknown) => log.error({ err }, 'Removing finished jobs failed'))
      .finally(() => (cleaning = undefined)));

  const every = (ms: number, fn: () => void) => setInterval(fn, ms).unref();

  return {
    define: kinds.define,

    async enqueue(kind, id, payload) {
      kinds.get(kind);
      const at = now();
      await db
        .insertInto('jobs')
        .values({ kind, id, payload: payloadJson(payload), state: 'queued', attempts: 0, run_after: at, trace_id: currentTrace() ?? null, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
        .execute();
      wake();
    },

    async stats() {
      const at = now();
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => [
          'kind',
          eb.fn.countAll<number | string>().filterWhere(eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)])).as('waiting'),
          eb.fn.countAll<number | string>().filterWhere(eb.and([eb('state', '=', 'queued'), eb('run_after', '>', at)])).as('delayed'),
          eb.fn.countAll<number | string>().filterWhere('state', '=', 'running').as('running'),
          eb.fn.countAll<number | string>().filterWhere('state', '=', 'failed').as('failed'),
          eb.fn.min('run_after').filterWhere(eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)])).as('oldestDue'),
        ])
        .groupBy('kind')
        .execute();
      const byKind = new Map(rows.map((r) => [r.kind, r]));
      return [...kinds.entries()].map(([kind]) => {
        const row = byKind.get(kind);
        const oldestDue = row?.oldestDue ? Date.parse(String(row.oldestDue)) : undefined;
        return {
          kind,
          waiting: Number(row?.waiting ?? 0),
          delayed: Number(row?.delayed ?? 0),
          running: Number(row?.running ?? 0),
          failed: Number(row?.failed ?? 0),
          oldestWaitingSeconds: oldestDue === undefined ? 0 : Math.max(0, (Date.parse(at) - oldestDue) / 1000),
        };
      });
    },

    async start() {
      if (state !== 'stored-only') throw new Error('The job queue was already started');
      kinds.start();
      state = 'started';
      pollTimer = every(timing.pollMs, wake);
      heartbeatTimer = every(timing.heartbeatMs, heartbeat);
      cleanupTimer = every(timing.cleanupEveryMs, cleanUpLogged);
      cleanUpLogged();
      wake();
    },

    close() {
      return (closing ??= (async () => {
        if (state === 'started') state = 'closing';
        clearInterval(pollTimer);
        clearInterval(cleanupTimer);
        await polling;
        for (const claim of claims) claim.controller.abort(new Error('The job queue is closing'));
        // Leases are renewed while the runs stop; a run still going after the wait is left to lapse.
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([...claims].map((c) => c.ended)),
          new Promise((resolve) => (waited = setTimeout(resolve, timing.closeWaitMs))),
        ]);
        clearTimeout(waited);
        clearInterval(heartbeatTimer);
        // Nothing of this queue's may still be talking to the database once it is closed.
        await Promise.all([beating, cleaning]);
        state = 'closed';
      })());
    },
  };
}

/** A payload as stored: JSON, `undefined` kept as null. */
function payloadJson(payload: unknown): string {
  return JSON.stringify(payload ?? null);
}

function errorText(error: Error): string {
  return (error.message || error.name).slice(0, ERROR_TEXT_MAX);
}
