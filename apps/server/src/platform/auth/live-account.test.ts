import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { accountLiveness } from './live-account.js';

describe.each(databases)('account liveness on $name', (kind) => {
  const db = useMigratedDatabase(kind);

  async function customer() {
    const id = randomUUID();
    await db()
      .insertInto('customers')
      .values({ id, email: `${id}@example.com`, first_name: 'A', last_name: 'B', phone: null, channel: 'www.printhaven.co.uk', registered_at: new Date().toISOString(), business_company: null, business_vat: null, business_status: null, deleted_at: null })
      .execute();
    return id;
  }
  const markDeleted = (id: string) => db().updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();

  it('sees a deletion marked on another machine once its trust has lapsed, and at once where it is forgotten', async () => {
    let clock = 1_000_000;
    const here = accountLiveness(db(), 2_000, () => clock);
    const elsewhere = await customer();
    const confirmedHere = await customer();
    expect(await here.isLive(elsewhere)).toBe(true);
    expect(await here.isLive(confirmedHere)).toBe(true);

    await markDeleted(elsewhere);
    await markDeleted(confirmedHere);
    here.forget(confirmedHere);
    expect(await here.isLive(confirmedHere)).toBe(false);
    // Trusted from the last look for at most the trust period; the deletion job waits that long before it starts.
    expect(await here.isLive(elsewhere)).toBe(true);
    clock += 2_000;
    expect(await here.isLive(elsewhere)).toBe(false);
  });

  it('never trusts an account it found gone, nor one it never saw', async () => {
    const here = accountLiveness(db());
    const id = await customer();
    await markDeleted(id);
    expect(await here.isLive(id)).toBe(false);
    expect(await here.isLive(randomUUID())).toBe(false);
  });
});
