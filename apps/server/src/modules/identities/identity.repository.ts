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

    findAttempts: (key: string) => db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst(),

    async saveAttempts(key: string, windowStartedAt: string, failures: number) {
      await db
        .insertInto('login_attempts')
        .values({ key, window_started_at: windowStartedAt, failures })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_started_at: windowStartedAt, failures }))
        .execute();
    },

    async clearAttempts(key: string) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}
export type IdentityRepository = ReturnType<typeof identityRepository>;
