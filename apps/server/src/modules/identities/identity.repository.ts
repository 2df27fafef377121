import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export function identityRepository(db: Db) {
  const liveIdentity = () =>
    db
      .selectFrom('identities')
      .innerJoin('customers', 'customers.id', 'identities.customer_id')
      .where('customers.deleted_at', 'is', null)
      .select([
        'identities.id',
        'identities.customer_id',
        'identities.email',
        'identities.password_hash',
        'identities.idp_type',
        'identities.auth_method',
        'customers.first_name',
        'customers.last_name',
      ]);

  /** Gives back one reserved attempt of that window (refused unchecked, or the right password). */
  async function releaseAttempt(key: string, windowStartedAt: string) {
    const last = await db
      .deleteFrom('login_attempts')
      .where('key', '=', key)
      .where('window_started_at', '=', windowStartedAt)
      .where('failures', '<=', 1)
      .executeTakeFirst();
    if (last.numDeletedRows > 0n) return;
    await db
      .updateTable('login_attempts')
      .set((eb) => ({ failures: eb('failures', '-', sql<number>`1`) }))
      .where('key', '=', key)
      .where('window_started_at', '=', windowStartedAt)
      .where('failures', '>', 0)
      .execute();
  }

  return {
    findByEmail: (email: string) => liveIdentity().where('identities.email', '=', email.toLowerCase()).executeTakeFirst(),
    findByCustomerId: (customerId: string) => liveIdentity().where('identities.customer_id', '=', customerId).executeTakeFirst(),

    async insert(row: { id: string; customerId: string; email: string; passwordHash: string; idpType: string; authMethod: string }) {
      await db
        .insertInto('identities')
        .values({
          id: row.id,
          customer_id: row.customerId,
          email: row.email.toLowerCase(),
          password_hash: row.passwordHash,
          idp_type: row.idpType,
          auth_method: row.authMethod,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    /**
     * Counts one more attempt for `key` in a single statement, so concurrent attempts each see a
     * different count: a window that started at or before `staleBefore` is replaced by a new one
     * starting `now`. Answers the window and the count including this attempt.
     */
    reserveAttempt: (key: string, now: string, staleBefore: string) =>
      db
        .insertInto('login_attempts')
        .values({ key, window_started_at: now, failures: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const stale = eb('login_attempts.window_started_at', '<=', staleBefore);
            return {
              window_started_at: eb.case().when(stale).then(now).else(eb.ref('login_attempts.window_started_at')).end(),
              failures: eb.case().when(stale).then(sql<number>`1`).else(eb('login_attempts.failures', '+', sql<number>`1`)).end(),
            };
          }),
        )
        .returning(['window_started_at', 'failures'])
        .executeTakeFirstOrThrow(),

    releaseAttempt,

    /**
     * Forgets the window's count after the right password, unless an attempt reserved after it
     * (`count` was the count it reserved) still counts: then only its own reservation is given back.
     */
    async clearAttempts(key: string, windowStartedAt: string, count: number) {
      const cleared = await db
        .deleteFrom('login_attempts')
        .where('key', '=', key)
        .where('window_started_at', '=', windowStartedAt)
        .where('failures', '<=', count)
        .executeTakeFirst();
      if (cleared.numDeletedRows === 0n) await releaseAttempt(key, windowStartedAt);
    },
  };
}
export type IdentityRepository = ReturnType<typeof identityRepository>;
