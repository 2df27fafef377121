import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from '../../platform/mail/outbox-mailer.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { confirmUrl, requestUrl, tokenIn, type IdentityRequestKind } from '../../test/identity-requests.js';
import { killHard, killTestPlace } from '../../test/killed-server.js';
import { testAccount, type TestAccount } from '../../test/identity-accounts.js';
import { startTestChild } from '../../test/children/test-child.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';

/** Customers per kind whose confirmations are in flight when the server is killed. */
const EACH = 15;

describe.each(databases)('email change and deletion confirmations killed mid-way on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('each confirmation is wholly done or not at all after kill -9, and a marked deletion finishes after the restart', { timeout: 180_000 }, async () => {
    const { dataDir, database, env, track } = await killTestPlace(kind, 'shoebox-identity-kill-', 'seeded');
    const before = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir } });
    const mails = () => outboxMailer(path.join(dataDir, 'outbox'), '').list(100_000);
    const ask = async (s: TestShoebox, who: TestAccount, k: IdentityRequestKind, to: string) => {
      const answer = await s.app.inject({ method: 'POST', url: requestUrl(who, k), headers: who.headers, payload: k === 'emailchanges' ? { email: to, channel: 'www.printhaven.co.uk' } : { channel: 'www.printhaven.co.uk' } });
      expect(answer.statusCode, answer.body).toBe(202);
      return tokenIn((await mails()).find((m) => m.to === to)?.text ?? '');
    };
    const changing = await Promise.all(Array.from({ length: EACH }, async () => {
      const who = await testAccount(before.db);
      const to = `moved-${who.id.slice(0, 8)}@example.com`;
      return { who, to, kind: 'emailchanges' as const, token: await ask(before, who, 'emailchanges', to) };
    }));
    const leaving = await Promise.all(Array.from({ length: EACH }, async () => {
      const who = await testAccount(before.db);
      return { who, to: who.email, kind: 'deleteaccount' as const, token: await ask(before, who, 'deleteaccount', who.email) };
    }));
    await before.close();

    const server = startTestChild(new URL('../../test/children/server.ts', import.meta.url), { SERVER_CHILD_ENV: JSON.stringify(env) }, 'listening', 'server');
    track(server.child);
    const port = (await server.ready).split(' ')[1];
    const all = leaving.flatMap((l, i) => [l, changing[i]!]);
    let deletionsAnswered = 0;
    const calls = all.map((c) =>
      fetch(`http://127.0.0.1:${port}${confirmUrl(c.who, c.kind, c.token)}`, { method: 'POST', headers: c.who.headers })
        .then((r) => {
          if (c.kind === 'deleteaccount') deletionsAnswered++;
          return r.status;
        })
        .catch(() => 'killed' as const),
    );
    // Killed once a deletion is confirmed and the rest are still being worked on.
    await expect.poll(() => deletionsAnswered, { timeout: 30_000, interval: 1 }).toBeGreaterThan(0);
    await killHard(server.child);
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 'killed').length, 'some confirmations were cut off').toBeGreaterThan(0);
    expect(statuses).toContain(204);

    const after = await startTestShoebox(kind, { database, env: { DATA_DIR: dataDir }, seed: false });
    try {
      const db = after.db;
      const requestOf = (c: (typeof all)[number]) => db.selectFrom('identity_requests').select('closed_at').where('customer_id', '=', c.who.id).executeTakeFirst();
      for (const [i, c] of changing.entries()) {
        const status = statuses[all.indexOf(c)];
        const identity = await db.selectFrom('identities').select('email').where('customer_id', '=', c.who.id).executeTakeFirstOrThrow();
        const customer = await db.selectFrom('customers').select('email').where('id', '=', c.who.id).executeTakeFirstOrThrow();
        const used = (await requestOf(c))?.closed_at !== null;
        const state = identity.email === c.to && customer.email === c.to && used ? 'done' : identity.email === c.who.email && customer.email === c.who.email && !used ? 'untouched' : 'half';
        expect(state, `change ${i}, answered ${String(status)}`).not.toBe('half');
        if (status === 204) expect(state).toBe('done');
      }
      const marked = [];
      for (const [i, c] of leaving.entries()) {
        const status = statuses[all.indexOf(c)];
        const customer = await db.selectFrom('customers').select('deleted_at').where('id', '=', c.who.id).executeTakeFirst();
        const deletion = await db.selectFrom('account_deletions').select('tombstone').where('customer_id', '=', c.who.id).executeTakeFirst();
        const request = await requestOf(c);
        const done = !customer || (customer.deleted_at !== null && deletion !== undefined && request?.closed_at !== null);
        const untouched = customer?.deleted_at === null && deletion === undefined && request?.closed_at === null;
        expect(done || untouched, `deletion ${i}, answered ${String(status)}`).toBe(true);
        if (status === 204) expect(done).toBe(true);
        if (done) marked.push(c.who.id);
      }
      expect(marked.length).toBeGreaterThan(0);
      // The restart's pass enqueues every marked deletion again, including one whose start the kill cut off.
      await expect
        .poll(async () => (await db.selectFrom('customers').select('id').where('id', 'in', marked.length ? marked : ['none']).execute()).length, { timeout: 120_000, interval: 200 })
        .toBe(0);
    } finally {
      await after.close();
    }
  });
});
