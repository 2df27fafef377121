import { randomUUID } from 'node:crypto';
import { deletionInfoSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { DELETION_INFO_URL, insertPhotoRows, newCustomer, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { mailsTo } from '../../test/widgets.js';

const DAY_MS = 86_400_000;
/** Each test's customers register a month after the one before, so that no two tests run the same day. */
const registered = (month: number) => `2025-${String(month).padStart(2, '0')}-10T09:00:00.000Z`;
/** 18 months after `registered(month)`. */
const periodEnd = (month: number) => Date.parse(`2026-${String(month + 6).padStart(2, '0')}-10T09:00:00.000Z`);
const daysBefore = (days: number, end: number) => new Date(end - days * DAY_MS);
const ukDate = (at: number) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
/** Thirty deletion batches: the run pauses only after 50 ms of CPU, so the emptying is still under way when the order arrives. */
const LARGE_LIBRARY = 3_000;
const RACE_TEST_TIMEOUT_MS = 120_000;

describe.each(databases)('the storage period run against what happens meanwhile, on $name', (kind) => {
  // Without the demo accounts: every customer in the database is one of this file's.
  const server = useLibraryServer(kind, { seed: false });
  const runAt = (at: Date) => server().retention.runAt(at);
  const photoCount = async (who: TestCustomer) =>
    Number((await server().db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).where('customer_id', '=', who.id).executeTakeFirstOrThrow()).n);
  const period = (who: TestCustomer) => server().db.selectFrom('storage_periods').selectAll().where('customer_id', '=', who.id).executeTakeFirst();
  const runOf = (at: Date) => server().db.selectFrom('retention_runs').selectAll().where('day', '=', at.toISOString().slice(0, 10)).executeTakeFirstOrThrow();
  const projected = async (who: TestCustomer) => {
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return deletionInfoSchema.parse(response.json()).projectedDeletionDate;
  };
  const remindThrice = async (end: number) => {
    for (const days of [30, 7, 1]) await runAt(daysBefore(days, end));
  };

  it('an order arriving while the library is being emptied stops the emptying; the rest stays and a new period starts', async () => {
    const me = await newCustomer(server(), { registeredAt: registered(1) });
    const end = periodEnd(1);
    await insertPhotoRows(server(), me.id, Array.from({ length: LARGE_LIBRARY }, () => ({})));
    await remindThrice(end);
    expect(await period(me)).toMatchObject({ reminders_sent: 3 });
    expect(mailsTo(server(), me.email)).toHaveLength(3);

    const at = new Date(end + 3_600_000);
    const run = runAt(at);
    // The order comes once the first batch is gone, while the run pauses before the next.
    const deadline = Date.now() + 60_000;
    while ((await photoCount(me)) === LARGE_LIBRARY) {
      if (Date.now() > deadline) throw new Error('The emptying never began');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const orderedAt = new Date(at.getTime() + 60_000).toISOString();
    await server()
      .db.insertInto('orders')
      .values({ id: randomUUID(), customer_id: me.id, order_code: `T-${randomUUID().slice(0, 13)}`, status: 'Received', created_at: orderedAt })
      .execute();
    await run;

    const left = await photoCount(me);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(LARGE_LIBRARY);
    expect(await runOf(at)).toMatchObject({ reprieved: 1, emptied: 0, photos_deleted: LARGE_LIBRARY - left });
    expect(mailsTo(server(), me.email)).toHaveLength(3);
    expect((await period(me))?.emptied_at ?? null).toBeNull();
    // The storage status counts from the order: 18 months after it.
    expect(Date.parse(await projected(me))).toBeGreaterThan(Date.parse(orderedAt) + 540 * DAY_MS);

    // The next day's run leaves the rest alone: the new period has its own reminders ahead.
    await runAt(new Date(end + DAY_MS));
    expect(await photoCount(me)).toBe(left);
    expect(mailsTo(server(), me.email)).toHaveLength(3);
  }, RACE_TEST_TIMEOUT_MS);

  it('two runs of the same day at once remind every due customer once', async () => {
    const due = await Promise.all(Array.from({ length: 5 }, () => newCustomer(server(), { registeredAt: registered(3) })));
    for (const who of due) await insertPhotoRows(server(), who.id, [{}, {}]);
    const at = daysBefore(30, periodEnd(3));

    await Promise.all([runAt(at), runAt(at)]);

    for (const who of due) {
      expect(mailsTo(server(), who.email), who.email).toHaveLength(1);
      expect(await period(who)).toMatchObject({ reminders_sent: 1 });
    }
    expect(await runOf(at)).toMatchObject({ reminded: due.length });
  }, RACE_TEST_TIMEOUT_MS);

  it('an upload after the library was emptied starts a new period, whose reminders begin with the first', async () => {
    const me = await newCustomer(server(), { registeredAt: registered(5) });
    const end = periodEnd(5);
    await insertPhotoRows(server(), me.id, [{}, {}]);
    await remindThrice(end);
    await runAt(new Date(end + 3_600_000));
    expect(await photoCount(me)).toBe(0);
    expect(mailsTo(server(), me.email)).toHaveLength(4);

    const uploadedAt = new Date(end + 20 * DAY_MS).toISOString();
    await insertPhotoRows(server(), me.id, [{ uploadedAt }]);
    const newEnd = Date.parse(await projected(me));
    expect(newEnd).toBeGreaterThan(Date.parse(uploadedAt) + 540 * DAY_MS);

    await runAt(daysBefore(31, newEnd));
    expect(mailsTo(server(), me.email)).toHaveLength(4);
    await runAt(daysBefore(30, newEnd));
    const mails = mailsTo(server(), me.email);
    expect(mails).toHaveLength(5);
    // Worded as the first reminder of the first sequence was, with the new date.
    expect(mails[4]!.subject).toBe(mails[0]!.subject.replace('10 November 2026', ukDate(newEnd)));
    expect(await period(me)).toMatchObject({ reminders_sent: 1, period_end: new Date(newEnd).toISOString() });
    expect(await photoCount(me)).toBe(1);
  }, RACE_TEST_TIMEOUT_MS);
});
