import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { startTestShoebox } from '../../test/test-server.js';
import { migrateToLatest } from './migrator.js';

const APP_TABLES = ['customers', 'identities', 'login_attempts', 'oidc_models', 'secrets'];

describe.each(databases)('migrations on $name', (kind) => {
  it.skipIf(!kind.available)('create every table on a new database, and running them again changes nothing', async () => {
    const server = await startTestShoebox(kind, { fromScratch: true });
    try {
      const { db } = server;
      const tables = async () => (await db.introspection.getTables()).map((t) => t.name).sort();
      const applied = async () =>
        (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db)).rows;
      expect(await tables()).toEqual(expect.arrayContaining(APP_TABLES));
      const tablesBefore = await tables();
      const appliedBefore = await applied();
      const customersBefore = await db.selectFrom('customers').selectAll().orderBy('id').execute();
      expect(appliedBefore.length).toBeGreaterThan(0);
      expect(customersBefore.length).toBeGreaterThan(0);

      await migrateToLatest(db);
      await migrateToLatest(db);

      expect(await tables()).toEqual(tablesBefore);
      expect(await applied()).toEqual(appliedBefore);
      expect(await db.selectFrom('customers').selectAll().orderBy('id').execute()).toEqual(customersBefore);
    } finally {
      await server.dispose();
    }
  });

  it.skipIf(!kind.available)('a restart on the same database keeps the data, the signing key and so the sign-ins', async () => {
    const first = await startTestShoebox(kind);
    const tokens = await signIn(first.app, 'emma@example.com');
    await first.close();
    const second = await startTestShoebox(kind, { database: first.database });
    try {
      const me = await second.app.inject({ url: '/api/customer/customers/me', headers: bearer(tokens.access_token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'emma@example.com' });
      expect(await second.db.selectFrom('identities').select('email').where('email', '=', 'emma@example.com').execute()).toHaveLength(1);
    } finally {
      await second.dispose();
      await first.dispose();
    }
  });
});
