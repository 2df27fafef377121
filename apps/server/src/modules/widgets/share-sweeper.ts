import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicPass, type PeriodicPass } from '../../platform/jobs/periodic-pass.js';
import type { WidgetRepository } from './widget.repository.js';

/** How often expired and never-sent shares are forgotten. */
const SHARE_SWEEP_INTERVAL_MS = 60 * 60_000;
/**
 * A share still unsent after this long belongs to a process that stopped before its mail went (a send
 * either finishes or fails well within it): its link can never open, so its recipient is forgotten.
 */
export const UNSENT_SHARE_GRACE_MS = 60 * 60_000;

/** Forgets the shares whose links no longer open: the recipient's address, the sender's name and message go with them. */
export function sweepShares(repo: WidgetRepository, now: Date): Promise<number> {
  return repo.deleteDeadShares(now.toISOString(), new Date(now.getTime() - UNSENT_SHARE_GRACE_MS).toISOString());
}

export function startShareSweeper(repo: WidgetRepository, log: FastifyBaseLogger): PeriodicPass<number> {
  return startPeriodicPass({ intervalMs: SHARE_SWEEP_INTERVAL_MS, log, failure: 'Forgetting expired photo-book shares failed; retrying later', pass: () => sweepShares(repo, new Date()), failed: () => 0 });
}
