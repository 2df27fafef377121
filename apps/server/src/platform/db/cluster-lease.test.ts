import { describe, expect, it } from 'vitest';
import { seedDemoAccountsAndRecords } from '../../seed/demo-data.js';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.js';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { startTestShoebox } from '../../test/test-server.js';
import { clusterLease, underClusterLease } from './cluster-lease.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databases)('a cluster lease on $name', (kind) => {
  const db = useMigratedDatabase(kind);
  let leaseNumber = 0;
  const fresh = () => `test-lease-${++leaseNumber}`;

  it('lets one machine work at a time, longer than the lease lasts, and the next once it is done', async () => {
    const name = fresh();
    let working = 0;
    let overlapped = false;
    const done: string[] = [];
    const work = (who: string) => async () => {
      working++;
      if (working > 1) overlapped = true;
      // Longer than the lease: only its renewal keeps the other machine out.
      await sleep(1_100);
      working--;
      done.push(who);
    };
    // A lease long enough that a loaded machine's renewal (every third of it) is never late for it: 400 ms left
    // a renewal 267 ms of slack, less than a saturated machine's pauses.
    await Promise.all(['a', 'b', 'c'].map((who) => underClusterLease(db(), name, work(who), { owner: who, leaseMs: 1_000, pollMs: 20 })));
    expect(overlapped).toBe(false);
    expect(done.sort()).toEqual(['a', 'b', 'c']);
    expect(await db().selectFrom('cluster_leases').selectAll().where('name', '=', name).execute()).toEqual([]);
  });

  it("a machine waiting for a lease asks its holder to let go: the holder sees it when it renews, and the waiter takes it once released", async () => {
    const name = fresh();
    const holder = clusterLease(db(), name, { owner: 'holder' });
    const waiter = clusterLease(db(), name, { owner: 'waiter' });
    expect(await holder.take()).toBe(true);
    expect(await holder.renew()).toEqual({ held: true, releaseRequested: false });
    expect(await waiter.take()).toBe(false);
    await waiter.askForRelease();
    expect(await holder.renew()).toEqual({ held: true, releaseRequested: true });
    // Asking is no taking: the holder keeps the lease until it lets go.
    expect(await waiter.take()).toBe(false);
    await holder.release();
    expect(await holder.renew()).toEqual({ held: false, releaseRequested: false });
    expect(await waiter.take()).toBe(true);
    expect(await waiter.renew()).toEqual({ held: true, releaseRequested: false });
  });

  it('takes over a lease whose holder stopped without releasing it once it expires, not before', async () => {
    const name = fresh();
    const stoppedAt = Date.now();
    await db().insertInto('cluster_leases').values({ name, owner: 'a machine that was killed', expires_at: new Date(stoppedAt + 500).toISOString() }).execute();
    await underClusterLease(db(), name, async () => expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(500), { owner: 'b', pollMs: 20 });
  });

  it('releases the lease when the work fails', async () => {
    const name = fresh();
    await expect(underClusterLease(db(), name, async () => Promise.reject(new Error('failed')), { owner: 'a' })).rejects.toThrow('failed');
    expect(await underClusterLease(db(), name, async () => 'next', { owner: 'b', pollMs: 20 })).toBe('next');
  });
});

describe.each(databases)('machines of one cluster starting together on $name', (kind) => {
  it.skipIf(!kind.available)('seed the demo accounts once between them, neither failing on the other', async () => {
    const database = await kind.create('migrated');
    const machines = await Promise.all([0, 1].map(() => startTestShoebox(kind, { database, seed: false })));
    try {
      const seeded = await Promise.all(machines.map((m) => seedDemoAccountsAndRecords(m)));
      expect(seeded.map((accounts) => accounts.length)).toEqual([DEMO_ACCOUNTS.length, DEMO_ACCOUNTS.length]);
      const emails = await machines[0]!.db.selectFrom('identities').select('email').execute();
      expect(emails.map((e) => e.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    } finally {
      await Promise.all(machines.map((m) => m.dispose()));
      await database.drop();
    }
  });
});
