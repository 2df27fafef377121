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
  const leaseMs = o.leaseMs ?? CLUSTER_LEASE_MS;
  const owner = o.owner ?? newOwner();
  while (!(await takeLease(db, name, owner, leaseMs))) {
    await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? WAIT_POLL_MS));
  }
  const renewal = setInterval(() => void takeLease(db, name, owner, leaseMs).catch(() => {}), leaseMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await db.deleteFrom('cluster_leases').where('name', '=', name).where('owner', '=', owner).execute();
  }
}

/** Takes or renews the lease in one statement: a free, expired or own lease is this owner's afterwards. */
async function takeLease(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + leaseMs).toISOString();
  const taken = await db
    .insertInto('cluster_leases')
    .values({ name, owner, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, expires_at: expiresAt })
        .where((eb) => eb.or([eb('cluster_leases.owner', '=', owner), eb('cluster_leases.expires_at', '<', now.toISOString())])),
    )
    .returning('owner')
    .executeTakeFirst();
  return taken?.owner === owner;
}
