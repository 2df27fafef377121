import { projectedDeletionDate } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createDatabase } from '../../platform/db/database.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { killHard, killTestPlace } from '../../test/killed-server.js';
import { insertPhotoRows, newCustomer, type TestCustomer } from '../../test/photo-library.js';
import { startTestChild } from '../../test/children/test-child.js';
import { startTestShoebox } from '../../test/test-server.js';
import { outboxMails, type SentMail } from '../../test/widgets.js';
import { RETENTION_JOB } from './retention.service.js';
import { runDay } from './retention-schedule.js';

const DAY_MS = 86_400_000;
/** Customers whose first reminder is due: enough that the kill lands among them as well. */
const DUE = 40;
/**
 * Customers whose library is emptied, each over several paced batches, so the kill (once 150 photos are gone) lands
 * in the middle of one, with more after it. More only make the test longer: the deletion is paced to a fifth of the time.
 */
const EMPTIED = 3;
const PHOTOS_EACH = 250;

const monthsBefore = (at: Date, months: number) => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

describe.each(databases)('a storage period run killed mid-way on $name', (kind) => {
  skipTestsUnlessAvailable(kind);

  it('goes on after a restart: every reminder sent and recorded once, every due library emptied once, and the run counts add up', { timeout: 120_000 }, async () => {
    const now = new Date();
    const place = await killTestPlace(kind, 'shoebox-retention-kill-', 'migrated');
    // A test server starts no run of its own (RETENTION_RUN_HOUR_UTC off): nothing happens before the child starts.
    const seeding = await startTestShoebox(kind, { database: place.database, env: { DATA_DIR: place.dataDir }, seed: false });
    const due: TestCustomer[] = [];
    const emptied: TestCustomer[] = [];
    try {
      const dueRegistered = new Date(monthsBefore(now, 18).getTime() + 10 * DAY_MS).toISOString();
      for (let i = 0; i < DUE; i++) {
        const who = await newCustomer(seeding, { registeredAt: dueRegistered });
        await insertPhotoRows(seeding, who.id, [{}]);
        due.push(who);
      }
      const emptiedRegistered = monthsBefore(now, 20).toISOString();
      const end = projectedDeletionDate(new Date(emptiedRegistered)).toISOString();
      for (let i = 0; i < EMPTIED; i++) {
        const who = await newCustomer(seeding, { registeredAt: emptiedRegistered });
        await insertPhotoRows(seeding, who.id, Array.from({ length: PHOTOS_EACH }, () => ({})));
        await seeding.db
          .insertInto('storage_periods')
          .values({ customer_id: who.id, period_end: end, deletion_at: end, reminders_sent: 3, reminded_at: new Date(now.getTime() - DAY_MS).toISOString(), emptied_at: null, emptied_photos: null, emptied_mail_sent_at: null })
          .execute();
        emptied.push(who);
      }
      expect(await seeding.db.selectFrom('retention_runs').selectAll().execute()).toEqual([]);
    } finally {
      await seeding.close();
    }

    const env = { ...place.env, RETENTION_RUN_HOUR_UTC: '0' };
    // The day the killed run belongs to; near midnight UTC the restarted server also starts the next day's, which finds nothing due.
    let killedDay = '';
    const first = startTestChild(new URL('../../test/children/retention.ts', import.meta.url), { RETENTION_CHILD_ENV: JSON.stringify(env) }, 'started', 'first process');
    place.track(first.child);
    await first.ready;
    // Watched from the database alone; killed once some of the libraries are partly gone.
    const watcher = await createDatabase(loadConfig({ DATABASE_URL: place.database.url }).database);
    const emptiedIds = emptied.map((c) => c.id);
    const photosLeft = async () =>
      Number((await watcher.selectFrom('photos').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', 'in', emptiedIds).executeTakeFirstOrThrow()).n);
    try {
      await expect.poll(photosLeft, { timeout: 30_000, interval: 10 }).toBeLessThan(EMPTIED * PHOTOS_EACH - 150);
      await killHard(first.child);
      const atKill = await watcher.selectFrom('retention_runs').selectAll().executeTakeFirstOrThrow();
      expect([runDay(now), runDay(new Date())]).toContain(atKill.day);
      killedDay = atKill.day;
      expect(atKill.finished_at, 'the run was killed before it finished').toBeNull();
      expect(await photosLeft()).toBeGreaterThan(0);
      // The killed run's lease lapses (the test does not wait the 30 s for it).
      await watcher.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', RETENTION_JOB).where('id', '=', killedDay).execute();
    } finally {
      await watcher.destroy();
    }

    const after = await startTestShoebox(kind, { database: place.database, env: { DATA_DIR: place.dataDir, RETENTION_RUN_HOUR_UTC: '0' }, seed: false });
    try {
      const run = () => after.db.selectFrom('retention_runs').selectAll().where('day', '=', killedDay).executeTakeFirstOrThrow();
      await expect.poll(async () => (await run()).finished_at, { timeout: 60_000, interval: 100 }).not.toBeNull();

      // One file per mail id: a mail sent again after the kill replaces its first send, a second distinct mail would be a second file.
      const mails = outboxMails(after);
      const to = (who: TestCustomer): SentMail[] => mails.filter((m) => m.to === who.email);
      const periods = new Map((await after.db.selectFrom('storage_periods').selectAll().execute()).map((p) => [p.customer_id, p]));
      for (const who of due) {
        expect(to(who), `mails to ${who.email}`).toHaveLength(1);
        expect(periods.get(who.id)?.reminders_sent, `reminders recorded for ${who.email}`).toBe(1);
        expect(await after.db.selectFrom('photos').select('id').where('customer_id', '=', who.id).execute()).toHaveLength(1);
      }
      const reminderSubject = to(due[0]!)[0]!.subject;
      for (const who of emptied) {
        const theirs = to(who);
        expect(theirs, `mails to ${who.email}`).toHaveLength(1);
        expect(theirs[0]!.subject).not.toBe(reminderSubject);
        const period = periods.get(who.id);
        expect(period?.emptied_at, `${who.email} emptied`).not.toBeNull();
        expect(period?.emptied_mail_sent_at, `${who.email} told`).not.toBeNull();
        // Also for the customer whose emptying the kill cut in two: the mail tells the whole library, not what the resumed run deleted.
        expect(period?.emptied_photos, `photos told to ${who.email}`).toBe(PHOTOS_EACH);
        expect(theirs[0]!.text).toContain(`${PHOTOS_EACH} photos`);
        expect(await after.db.selectFrom('photos').select('id').where('customer_id', '=', who.id).execute()).toEqual([]);
      }
      expect(mails).toHaveLength(DUE + EMPTIED);
      expect(await run()).toMatchObject({ customers_seen: DUE + EMPTIED, reminded: DUE, emptied: EMPTIED, photos_deleted: EMPTIED * PHOTOS_EACH, reprieved: 0, deferred: 0 });
      // The run records its end before the queue marks its job done: the job's state follows a moment later.
      await expect
        .poll(() => after.db.selectFrom('jobs').select('state').where('kind', '=', RETENTION_JOB).where('id', '=', killedDay).execute(), { timeout: 10_000, interval: 50 })
        .toEqual([{ state: 'done' }]);
    } finally {
      await after.close();
    }
  });
});
