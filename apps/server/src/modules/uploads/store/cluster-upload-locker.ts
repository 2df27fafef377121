import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { clusterLease, type ClusterLease } from '../../../platform/db/cluster-lease.js';
import type { Db } from '../../../platform/db/database.js';

/** An upload's cluster lock lasts this long without renewal: a killed instance's upload is free again this long after. */
export const UPLOAD_LOCK_LEASE_MS = 10_000;
/** How often a holder renews, and sees whether another instance asked for the upload. */
const RENEW_EVERY_MS = 2_000;
/** How often a request waiting for an upload another instance holds asks for it again. */
const WAIT_POLL_MS = 200;
/** A request gives up waiting for an upload after this long, as the tus server's own lock does. */
export const UPLOAD_LOCK_WAIT_MS = 30_000;

const leaseName = (uploadId: string) => `upload:${uploadId}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tus lock of an upload for a cluster (decision 099): the process's own lock first (requests here queue
 * and ask each other to let go at once), then the upload's lease in the database, so one request in the
 * whole cluster writes to an upload at a time. A request waiting on another instance asks that one to let
 * go, as the tus protocol wants for a client that resumed on a new connection while the old one hangs.
 */
export function clusterUploadLocker(db: Db, local: Locker): Locker {
  return { newLock: (uploadId) => clusterUploadLock(clusterLease(db, leaseName(uploadId), { leaseMs: UPLOAD_LOCK_LEASE_MS }), local.newLock(uploadId)) };
}

function clusterUploadLock(lease: ClusterLease, local: Lock): Lock {
  let renewal: NodeJS.Timeout | undefined;

  async function takeLease(signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + UPLOAD_LOCK_WAIT_MS;
    for (let asked = false; !(await lease.take()); asked = true) {
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (!asked) await lease.askForRelease();
      await pause(WAIT_POLL_MS);
    }
  }

  return {
    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      await local.lock(signal, requestRelease);
      try {
        await takeLease(signal);
      } catch (error) {
        await local.unlock();
        throw error;
      }
      renewal = setInterval(() => {
        lease.renew().then(
          // Asked for by another instance, or lost (the database was out of reach for a whole lease): let go.
          ({ held, releaseRequested }) => (!held || releaseRequested ? requestRelease() : undefined),
          () => undefined,
        );
      }, RENEW_EVERY_MS);
      renewal.unref();
    },
    async unlock(): Promise<void> {
      clearInterval(renewal);
      try {
        await lease.release();
      } finally {
        await local.unlock();
      }
    },
  };
}
