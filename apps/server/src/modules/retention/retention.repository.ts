import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { RetentionRunsTable } from '../../platform/db/schema.js';
import { firstPhotoAt, lastOrderAt } from '../deletion-info/deletion-info.service.js';

export type RunCount = 'reminded' | 'emptied' | 'photos_deleted' | 'reprieved' | 'deferred';

/** The storage period's queries (decision 071): the customers a run walks, their sequences, and the runs. */
export function retentionRepository(db: Db) {
  return {
    /**
     * A page of live customers by id after `after`, with what their period's end is computed from and their
     * stored sequence. Two index lookups each (last order, any photo); the first photo only after an emptying.
     */
    page: (after: string | null, limit: number) =>
      db
        .selectFrom('customers as c')
        .leftJoin('storage_periods as sp', 'sp.customer_id', 'c.id')
        .select(['c.id', 'c.email', 'c.channel', 'c.registered_at', 'sp.period_end', 'sp.deletion_at', 'sp.reminders_sent', 'sp.reminded_at', 'sp.emptied_at', 'sp.emptied_photos', 'sp.emptied_mail_sent_at'])
        .select((eb) => [
          lastOrderAt(eb.ref('c.id')).as('last_order_at'),
          eb.exists(eb.selectFrom('photos as p').select('p.id').whereRef('p.customer_id', '=', 'c.id')).as('has_photos'),
          eb.case().when('sp.emptied_at', 'is not', null).then(firstPhotoAt(eb.ref('c.id'))).end().as('first_photo_at'),
        ])
        .where('c.deleted_at', 'is', null)
        .$if(after !== null, (q) => q.where('c.id', '>', after!))
        .orderBy('c.id')
        .limit(limit)
        .execute(),

    /** How many photos the library holds (the timeline's own counts). */
    async photoCount(customerId: string): Promise<number> {
      const row = await db
        .selectFrom('photo_month_counts')
        .select((eb) => eb.fn.sum<number | string>('count').as('n'))
        .where('customer_id', '=', customerId)
        .where('sort_key', '=', 'created')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Records reminder `stage` of the sequence ending `periodEnd`, only as the next one of that sequence (or as
     * the first of a new one): a run repeated, or racing, records it once. True when this call recorded it.
     */
    async recordReminder(customerId: string, o: { periodEnd: string; deletionAt: string; stage: number; at: string }): Promise<boolean> {
      const result = await db
        .insertInto('storage_periods')
        .values({ customer_id: customerId, period_end: o.periodEnd, deletion_at: o.deletionAt, reminders_sent: o.stage, reminded_at: o.at })
        .onConflict((oc) =>
          oc
            .column('customer_id')
            .doUpdateSet({ period_end: o.periodEnd, deletion_at: o.deletionAt, reminders_sent: o.stage, reminded_at: o.at })
            .where((eb) =>
              eb.or([
                eb.and([eb('storage_periods.period_end', '=', o.periodEnd), eb('storage_periods.reminders_sent', '=', o.stage - 1)]),
                // Only a first reminder replaces the sequence of another end.
                ...(o.stage === 1 ? [eb('storage_periods.period_end', '!=', o.periodEnd)] : []),
              ]),
            ),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * How many photos the library held when its emptying began, kept before the first batch goes: a run
     * stopped halfway still tells the customer the whole number.
     */
    async noteEmptying(customerId: string, periodEnd: string, photos: number) {
      await db.updateTable('storage_periods').set({ emptied_photos: photos }).where('customer_id', '=', customerId).where('period_end', '=', periodEnd).execute();
    },

    /** An order stopped the emptying: the count noted for it is forgotten (an earlier emptying's, still owed its mail, stays). */
    async forgetEmptying(customerId: string, periodEnd: string) {
      await db
        .updateTable('storage_periods')
        .set({ emptied_photos: null })
        .where('customer_id', '=', customerId)
        .where('period_end', '=', periodEnd)
        .where((eb) => eb.or([eb('emptied_at', 'is', null), eb('emptied_at', '<', eb.ref('reminded_at'))]))
        .execute();
    },

    /**
     * The library of the sequence ending `periodEnd` was emptied: the next period starts from here, and the
     * last mail is owed, unless there was nothing to delete (the customer had removed every photo).
     */
    async recordEmptied(customerId: string, o: { periodEnd: string; at: string; photos: number }) {
      await db
        .updateTable('storage_periods')
        .set({ emptied_at: o.at, emptied_photos: o.photos, emptied_mail_sent_at: o.photos > 0 ? null : o.at })
        .where('customer_id', '=', customerId)
        .where('period_end', '=', o.periodEnd)
        .execute();
    },

    async recordEmptiedMail(customerId: string, emptiedAt: string, at: string) {
      await db.updateTable('storage_periods').set({ emptied_mail_sent_at: at }).where('customer_id', '=', customerId).where('emptied_at', '=', emptiedAt).execute();
    },

    run: (day: string) => db.selectFrom('retention_runs').selectAll().where('day', '=', day).executeTakeFirst(),

    /** The day's run, begun now unless it had begun before (then where it had got to). */
    async startRun(day: string, at: string): Promise<Selectable<RetentionRunsTable>> {
      await db.insertInto('retention_runs').values({ day, started_at: at }).onConflict((oc) => oc.column('day').doNothing()).execute();
      return db.selectFrom('retention_runs').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
    },

    async advance(day: string, cursor: string, seen: number) {
      await db
        .updateTable('retention_runs')
        .set((eb) => ({ cursor, customers_seen: eb('customers_seen', '+', seen) }))
        .where('day', '=', day)
        .execute();
    },

    async count(day: string, what: RunCount, by = 1) {
      await db
        .updateTable('retention_runs')
        .set((eb) => ({ [what]: eb(what, '+', by) }))
        .where('day', '=', day)
        .execute();
    },

    finishRun: (day: string, at: string) => db.updateTable('retention_runs').set({ finished_at: at }).where('day', '=', day).execute(),

    /** The account's own sequence, for the account deletion. */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('storage_periods').where('customer_id', '=', customerId).execute();
    },

    lastRuns: (limit: number) => db.selectFrom('retention_runs').selectAll().orderBy('day', 'desc').limit(limit).execute(),
  };
}
export type RetentionRepository = ReturnType<typeof retentionRepository>;
export type CustomerPage = Awaited<ReturnType<RetentionRepository['page']>>;
