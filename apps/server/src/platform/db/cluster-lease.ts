import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from './database.js';

/** How long a lease lasts without renewal: a machine that stops hands its work on this long after. */
export const CLUSTER_LEASE_MS = 30_000;
/** How often a machine waiting for a lease asks for it again. */
const WAIT_POLL_MS = 1_000;

/** A holder of a lease: the machine, the process, and a nonce, so that each call (and a reused pid) is its own. */
const newOwner = () => `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

export interface LeaseOptions {
  leaseMs?: number;
  pollMs?: number;
  /** The holder's name in the table (default: this machine and process, new for each call). */
  owner?: string;
}

/**
 * Runs `work` while holding the named lease of the cluster (decision 096): one machine at a time, whichever
 * takes it first; the others wait for it to be released, or to expire when its holder stopped without
 * releasing it. The lease is renewed while the work runs and released when it ends, however it ends.
 */
export async function underClusterLease<T>(db: Db, name: string, work: () => Promise<T>, o: LeaseOptions = {}): Promise<T> {
  const lease = clusterLease(db, name, o);
  while (!(await lease.take())) {
    await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? WAIT_POLL_MS));
  }
  const renewal = setInterval(() => void lease.take().catch(() => {}), lease.leaseMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await lease.release();
  }
}

/** One owner's hold on a named lease, statement by statement, for holders that decide themselves when to wait and renew. */
export function clusterLease(db: Db, name: string, o: Pick<LeaseOptions, 'leaseMs' | 'owner'> = {}) {
  const leaseMs = o.leaseMs ?? CLUSTER_LEASE_MS;
  const owner = o.owner ?? newOwner();
  const expiry = () => new Date(Date.now() + leaseMs).toISOString();
  return {
    leaseMs,
    /** Takes or renews the lease in one statement: a free, expired or own lease is this owner's afterwards. */
    async take(): Promise<boolean> {
      const now = new Date().toISOString();
      const expiresAt = expiry();
      const taken = await db
        .insertInto('cluster_leases')
        .values({ name, owner, expires_at: expiresAt, release_requested: 0 })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ owner, expires_at: expiresAt, release_requested: 0 })
            .where((eb) => eb.or([eb('cluster_leases.owner', '=', owner), eb('cluster_leases.expires_at', '<', now)])),
        )
        .returning('owner')
        .executeTakeFirst();
      return taken?.owner === owner;
    },
    /** Extends a lease this owner holds; says whether it still does, and whether another machine asked for it meanwhile. */
    async renew(): Promise<{ held: boolean; releaseRequested: boolean }> {
      const row = await db
        .updateTable('cluster_leases')
        .set({ expires_at: expiry() })
        .where('name', '=', name)
        .where('owner', '=', owner)
        .returning('release_requested')
        .executeTakeFirst();
      return { held: row !== undefined, releaseRequested: row?.release_requested === 1 };
    },
    /** Asks whichever other owner holds the lease to let go when it next renews. */
    async askForRelease(): Promise<void> {
      await db.updateTable('cluster_leases').set({ release_requested: 1 }).where('name', '=', name).where('owner', '!=', owner).execute();
    },
    async release(): Promise<void> {
      await db.deleteFrom('cluster_leases').where('name', '=', name).where('owner', '=', owner).execute();
    },
  };
}
export type ClusterLease = ReturnType<typeof clusterLease>;
