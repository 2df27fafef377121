import { randomUUID } from 'node:crypto';
import { apiErrorSchema, deletionInfoSchema, storageOutlook, type DeletionInfo } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';

describe.each(databases)('GET /api/account-deletion/accounts/getaccountinformation on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function infoOf(who: TestCustomer): Promise<DeletionInfo> {
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return deletionInfoSchema.parse(response.json());
  }
  const addOrder = (customerId: string, createdAt: string) =>
    server()
      .db.insertInto('orders')
      .values({ id: randomUUID(), customer_id: customerId, order_code: `T-${randomUUID().slice(0, 13)}`, status: 'Dispatched', created_at: createdAt })
      .execute();
  const addProject = (customerId: string) =>
    server()
      .db.insertInto('projects')
      .values({ id: randomUUID(), customer_id: customerId, name: 'Photo book', created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-02T00:00:00.000Z' })
      .execute();

  it('counts 18 months from registration when there was no order, to the month’s last day where needed', async () => {
    const me = await newCustomer(server(), { registeredAt: '2023-08-31T10:00:00.000Z' });
    expect(await infoOf(me)).toEqual({
      lastOrderDate: null,
      projectCount: 0,
      projectedDeletionDate: '2025-02-28T10:00:00.000Z',
      registrationDate: '2023-08-31T10:00:00.000Z',
    });
  });

  it('counts from the last order instead, which each new order resets; projects are counted', async () => {
    const [me, stranger] = [await newCustomer(server(), { registeredAt: '2020-01-10T00:00:00.000Z' }), await newCustomer(server())];
    await addOrder(me.id, '2024-01-15T09:00:00.000Z');
    await addOrder(me.id, '2024-05-31T12:00:00.000Z');
    await addOrder(me.id, '2023-12-01T00:00:00.000Z');
    await addOrder(stranger.id, '2025-06-01T00:00:00.000Z');
    await addProject(me.id);
    await addProject(me.id);
    await addProject(stranger.id);

    expect(await infoOf(me)).toEqual({
      lastOrderDate: '2024-05-31T12:00:00.000Z',
      projectCount: 2,
      projectedDeletionDate: '2025-11-30T12:00:00.000Z',
      registrationDate: '2020-01-10T00:00:00.000Z',
    });

    await addOrder(me.id, '2024-07-04T08:30:00.000Z');
    expect(await infoOf(me)).toMatchObject({ lastOrderDate: '2024-07-04T08:30:00.000Z', projectedDeletionDate: '2026-01-04T08:30:00.000Z' });
    expect(await infoOf(stranger)).toMatchObject({ lastOrderDate: '2025-06-01T00:00:00.000Z', projectCount: 1, projectedDeletionDate: '2026-12-01T00:00:00.000Z' });
  });

  it('gives a new customer the full period: safe, 18 months', async () => {
    const me = await newCustomer(server());
    const info = await infoOf(me);
    const outlook = storageOutlook(info.projectedDeletionDate, new Date());
    expect(outlook.status).toBe('safe');
    // 18, or 17 when the day is clamped to a shorter month's end (registered on the 31st).
    expect([17, 18]).toContain(outlook.monthsRemaining);
    expect(Date.parse(info.registrationDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  /** The storage period's row as the daily run leaves it (decision 071). */
  const setPeriod = (customerId: string, row: { period_end: string; deletion_at: string; reminders_sent: number; emptied_at?: string }) =>
    server()
      .db.insertInto('storage_periods')
      .values({ customer_id: customerId, reminded_at: row.period_end, emptied_photos: row.emptied_at ? 3 : null, ...row })
      .execute();

  it('starts a new period at the emptying while the library stays empty, and at the first upload after it', async () => {
    const me = await newCustomer(server(), { registeredAt: '2022-01-10T00:00:00.000Z' });
    await addOrder(me.id, '2023-06-01T09:00:00.000Z');
    await setPeriod(me.id, { period_end: '2024-12-01T09:00:00.000Z', deletion_at: '2024-12-03T07:00:00.000Z', reminders_sent: 3, emptied_at: '2024-12-03T07:05:00.000Z' });
    expect(await infoOf(me)).toMatchObject({ lastOrderDate: '2023-06-01T09:00:00.000Z', projectedDeletionDate: '2026-06-03T07:05:00.000Z' });

    await insertPhotoRows(server(), me.id, [{ uploadedAt: '2025-03-31T10:00:00.000Z' }, { uploadedAt: '2025-05-02T10:00:00.000Z' }]);
    expect((await infoOf(me)).projectedDeletionDate).toBe('2026-09-30T10:00:00.000Z');

    await addOrder(me.id, '2025-04-20T08:00:00.000Z');
    expect((await infoOf(me)).projectedDeletionDate).toBe('2026-10-20T08:00:00.000Z');
  });

  it('answers the date the reminders told while their sequence is the current one, not once an order moved the end', async () => {
    const me = await newCustomer(server(), { registeredAt: '2020-01-10T00:00:00.000Z' });
    await addOrder(me.id, '2024-05-31T12:00:00.000Z');
    await setPeriod(me.id, { period_end: '2025-11-30T12:00:00.000Z', deletion_at: '2025-12-05T07:00:00.000Z', reminders_sent: 2 });
    expect((await infoOf(me)).projectedDeletionDate).toBe('2025-12-05T07:00:00.000Z');

    await addOrder(me.id, '2024-07-04T08:30:00.000Z');
    expect((await infoOf(me)).projectedDeletionDate).toBe('2026-01-04T08:30:00.000Z');
  });

  it('404 once the customer is deleted', async () => {
    const me = await newCustomer(server());
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', me.id).execute();
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: me.headers });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
  });
});
