import { randomUUID } from 'node:crypto';
import { deletionInfoSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { blobFilesOf, DELETION_INFO_URL, newCustomer, storePhotos, sweepDeletedBlobs, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { breakMail, mailsTo } from '../../test/widgets.js';

const DAY_MS = 86_400_000;
const REGISTERED = '2025-01-10T09:00:00.000Z';
/** 18 months after REGISTERED. */
const PERIOD_END = Date.parse('2026-07-10T09:00:00.000Z');
const daysBefore = (days: number, end = PERIOD_END) => new Date(end - days * DAY_MS);
/** Each later test's customers register a month after the one before, so that no two tests run the same day. */
const registeredMonthsLater = (months: number) => `2025-${String(1 + months).padStart(2, '0')}-10T09:00:00.000Z`;
const endMonthsLater = (months: number) => Date.parse(`2026-${String(7 + months).padStart(2, '0')}-10T09:00:00.000Z`);

describe.each(databases)('the storage period, enforced, on $name', (kind) => {
  // Without the demo accounts: every customer in the database is one of this test's.
  const server = useLibraryServer(kind, { seed: false });
  const runAt = (at: Date) => server().retention.runAt(at);
  const photoRows = (who: TestCustomer) => server().db.selectFrom('photos').select('id').where('customer_id', '=', who.id).execute();
  const addOrder = (who: TestCustomer, createdAt: string) =>
    server()
      .db.insertInto('orders')
      .values({ id: randomUUID(), customer_id: who.id, order_code: `T-${randomUUID().slice(0, 13)}`, status: 'Dispatched', created_at: createdAt })
      .execute();
  const projected = async (who: TestCustomer) => {
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return deletionInfoSchema.parse(response.json()).projectedDeletionDate;
  };

  it('sends the three reminders at their moments, each once, then empties the library on the date and says so', async () => {
    const me = await newCustomer(server(), { registeredAt: REGISTERED });
    const photos = await storePhotos(server(), me.id, [{ width: 64, height: 48 }, { width: 72, height: 54 }, { width: 80, height: 60 }]);
    const quiet = await newCustomer(server(), { registeredAt: REGISTERED });

    await runAt(daysBefore(31));
    expect(mailsTo(server(), me.email)).toHaveLength(0);

    for (const [days, count] of [[30, 1], [7, 2], [1, 3]] as const) {
      await runAt(daysBefore(days));
      await runAt(new Date(daysBefore(days).getTime() + 3_600_000)); // a second run the same day sends nothing more
      const mails = mailsTo(server(), me.email);
      expect(mails, `after the run ${days} days before`).toHaveLength(count);
      expect(mails.at(-1)!.text).toContain('10 July 2026');
      expect(mails.at(-1)!.text).toContain('3');
      expect((await photoRows(me)).length).toBe(3);
    }
    expect(await projected(me)).toBe(new Date(PERIOD_END).toISOString());
    // A customer without photos has nothing to be reminded of.
    expect(mailsTo(server(), quiet.email)).toHaveLength(0);

    await runAt(new Date(PERIOD_END + 3_600_000));
    expect(await photoRows(me)).toEqual([]);
    await sweepDeletedBlobs(server());
    for (const p of photos) expect(blobFilesOf(server(), me.id, p.photoId)).toEqual([]);
    const mails = mailsTo(server(), me.email);
    expect(mails).toHaveLength(4);
    expect(mails.at(-1)!.subject).not.toBe(mails.at(-2)!.subject);
    // The account stays; the library is empty and a new period starts with the next upload.
    expect(await server().db.selectFrom('customers').select('id').where('id', '=', me.id).executeTakeFirst()).toBeDefined();
    const afterEmptying = await projected(me);
    expect(Date.parse(afterEmptying)).toBeGreaterThan(PERIOD_END + 500 * DAY_MS);

    await runAt(new Date(PERIOD_END + 2 * DAY_MS));
    expect(mailsTo(server(), me.email)).toHaveLength(4);
    const run = await server().db.selectFrom('retention_runs').selectAll().where('day', '=', '2026-07-10').executeTakeFirstOrThrow();
    expect(run).toMatchObject({ emptied: 1, photos_deleted: 3 });
    expect(run.finished_at).not.toBeNull();
  });

  it('an order placed after a reminder starts a new period and its reminders from the start', async () => {
    const me = await newCustomer(server(), { registeredAt: registeredMonthsLater(1) });
    const end = endMonthsLater(1);
    await storePhotos(server(), me.id, [{ width: 64, height: 48 }]);
    await runAt(daysBefore(30, end));
    expect(mailsTo(server(), me.email)).toHaveLength(1);
    await addOrder(me, daysBefore(20, end).toISOString());
    await runAt(daysBefore(7, end));
    await runAt(daysBefore(0, end));
    await runAt(new Date(end + DAY_MS));
    expect(mailsTo(server(), me.email)).toHaveLength(1);
    expect(await photoRows(me)).toHaveLength(1);
  });

  it('a reminder sent late moves the date so that its notice is whole; nothing goes before the third', async () => {
    const me = await newCustomer(server(), { registeredAt: registeredMonthsLater(2) });
    await storePhotos(server(), me.id, [{ width: 64, height: 48 }]);
    const late = new Date(endMonthsLater(2) + 5 * DAY_MS);
    await runAt(late);
    const [first] = mailsTo(server(), me.email);
    expect(first!.text).toContain('15 October 2026'); // 30 days after the late run
    expect(await projected(me)).toBe('2026-10-15T00:00:00.000Z');
    await runAt(new Date(late.getTime() + DAY_MS));
    expect(mailsTo(server(), me.email)).toHaveLength(1);
    expect(await photoRows(me)).toHaveLength(1);
  });

  it('a mail server that is down delays the reminder, and with it the deletion', async () => {
    const me = await newCustomer(server(), { registeredAt: registeredMonthsLater(3) });
    await storePhotos(server(), me.id, [{ width: 64, height: 48 }]);
    const restore = breakMail(server());
    try {
      await runAt(new Date(endMonthsLater(3) + DAY_MS));
    } finally {
      restore();
    }
    expect(mailsTo(server(), me.email)).toHaveLength(0);
    expect(await photoRows(me)).toHaveLength(1);
    const stored = await server().db.selectFrom('storage_periods').selectAll().where('customer_id', '=', me.id).executeTakeFirst();
    expect(stored?.reminders_sent ?? 0).toBe(0);
  });

  it('a run stopped after the last batch finishes the emptying on the next run and tells the whole count', async () => {
    // On the 20th: no other test runs on these days.
    const me = await newCustomer(server(), { registeredAt: '2025-05-20T09:00:00.000Z' });
    const end = Date.parse('2026-11-20T09:00:00.000Z');
    await storePhotos(server(), me.id, [{ width: 64, height: 48 }, { width: 72, height: 54 }]);
    for (const days of [30, 7, 1]) await runAt(daysBefore(days, end));
    expect(mailsTo(server(), me.email)).toHaveLength(3);
    // What a run stopped after its last batch leaves: the count noted, the photos gone, nothing recorded.
    await server().db.updateTable('storage_periods').set({ emptied_photos: 2 }).where('customer_id', '=', me.id).execute();
    await server().db.deleteFrom('photos').where('customer_id', '=', me.id).execute();
    await runAt(new Date(end + DAY_MS));
    const mails = mailsTo(server(), me.email);
    expect(mails).toHaveLength(4);
    expect(mails.at(-1)!.text).toContain('2 photos');
    const stored = await server().db.selectFrom('storage_periods').selectAll().where('customer_id', '=', me.id).executeTakeFirstOrThrow();
    expect(stored.emptied_at).not.toBeNull();
    expect(stored.emptied_mail_sent_at).not.toBeNull();
  });
});
