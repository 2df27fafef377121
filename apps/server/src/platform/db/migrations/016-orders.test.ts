import { Kysely, Migrator, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { databases } from '../../../test/databases.js';
import { createDatabase } from '../database.js';
import * as initial from './001-initial.js';
import * as ordersAndProjects from './004-orders-and-projects.js';
import * as orders from './016-orders.js';

describe.each(databases)('migration 016 (orders) on $name', (kind) => {
  it.skipIf(!kind.available)('gives an order from before it a Home delivery to its customer, in the customer’s channel, and can be undone', async () => {
    const database = await kind.create();
    const db = await createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      const migrations: Record<string, Migration> = { '001-initial': initial, '004-orders-and-projects': ordersAndProjects };
      const migrate = (m: Record<string, Migration>) => new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => m } });
      expect((await migrate(migrations).migrateToLatest()).error).toBeUndefined();
      await db
        .insertInto('customers')
        .values({ id: 'c1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Smit', phone: null, channel: 'www.printhaven.nl', registered_at: '2020-01-01T00:00:00.000Z', business_company: null, business_vat: null, business_status: null, deleted_at: null })
        .execute();
      await sqlInsertOldOrder(db);

      const withOrders = { ...migrations, '016-orders': orders };
      expect((await migrate(withOrders).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow()).toMatchObject({
        order_code: 'OLD-1',
        channel: 'www.printhaven.nl',
        delivery_type: 'Home',
        delivery_first_name: 'Ann',
        delivery_last_name: 'Smit',
        total_amount: 0,
        updated_at: '2024-01-01T00:00:00.000Z',
        request_id: null,
      });

      expect((await migrate(withOrders).migrateDown()).error).toBeUndefined();
      expect(await db.selectFrom('orders').selectAll().execute()).toEqual([{ id: 'o1', customer_id: 'c1', order_code: 'OLD-1', status: 'Dispatched', created_at: '2024-01-01T00:00:00.000Z' }]);
      expect((await migrate(withOrders).migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

const sqlInsertOldOrder = (db: Awaited<ReturnType<typeof createDatabase>>) =>
  (db as unknown as Kysely<{ orders: { id: string; customer_id: string; order_code: string; status: string; created_at: string } }>)
    .insertInto('orders')
    .values({ id: 'o1', customer_id: 'c1', order_code: 'OLD-1', status: 'Dispatched', created_at: '2024-01-01T00:00:00.000Z' })
    .execute();
