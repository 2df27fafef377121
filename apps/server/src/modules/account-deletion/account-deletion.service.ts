import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { startPeriodicPass, type PeriodicPass } from '../../platform/jobs/periodic-pass.js';
import { ACCOUNT_DELETION_JOB, accountDeletionJob, type AccountDeletionDeps, type AccountDeletionPayload } from './account-deletion.job.js';

/** How often deletions that were marked but never finished (a process stopped between the mark and the job) are enqueued again. */
const RESUME_INTERVAL_MS = 60_000;

export interface AccountDeletionService {
  /** Marks the account deleted (GET /customers/me answers 404, sign-in fails) and records its deletion, in the caller's transaction. */
  markInTransaction(trx: Transaction<Database>, customerId: string, requestedAt: string): Promise<void>;
  /** Enqueues the marked account's deletion; a second call, or one for an account not marked, adds nothing. */
  start(customerId: string): Promise<void>;
  /** Enqueues every marked deletion that has not finished (at start and periodically). */
  resumeUnfinished(): Promise<number>;
  /** Starts the periodic pass of resumeUnfinished. */
  startResumePass(log: FastifyBaseLogger): PeriodicPass<number>;
}

/**
 * Account deletion (decision 066): marked in the confirmation's transaction, then done by a durable job
 * keyed by the deletion's tombstone, so a process killed anywhere leaves a job (or a mark the periodic
 * pass enqueues again) that finishes after a restart.
 */
export function accountDeletionService(jobs: JobQueue, deps: AccountDeletionDeps): AccountDeletionService {
  const { repo } = deps;
  const job = accountDeletionJob(deps);
  jobs.define<AccountDeletionPayload>(ACCOUNT_DELETION_JOB, job.run, job.options);

  const enqueue = (tombstone: string) => jobs.enqueue<AccountDeletionPayload>(ACCOUNT_DELETION_JOB, tombstone, { tombstone });

  const resumeUnfinished = async () => {
    const rows = await repo.unfinished();
    for (const row of rows) await enqueue(row.tombstone);
    return rows.length;
  };

  return {
    async markInTransaction(trx, customerId, requestedAt) {
      await repo.mark(trx, customerId, requestedAt);
    },

    async start(customerId) {
      deps.accountEnded(customerId);
      const pending = await repo.pending(customerId);
      if (pending) await enqueue(pending.tombstone);
    },

    resumeUnfinished,

    startResumePass: (log) => startPeriodicPass({ intervalMs: RESUME_INTERVAL_MS, log, failure: 'Resuming unfinished account deletions failed; retrying later', pass: resumeUnfinished, failed: () => 0 }),
  };
}
