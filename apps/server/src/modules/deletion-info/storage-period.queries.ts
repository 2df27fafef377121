import { expressionBuilder, type Expression, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { storagePeriodEnd, type StoragePeriodFacts, type ToldPeriod } from './storage-period.js';

/**
 * The storage period's facts as SQL pieces for a customer id column, so that one statement selects them for a
 * page of customers (the daily run) or for one: `.select((c) => [lastOrderAt(c.ref('c.id')).as('last_order_at')])`.
 */
const eb = expressionBuilder<Database, never>();

/** The customer's last order's created_at, null before their first: the (customer_id, created_at) index's last entry. */
export const lastOrderAt = (customerId: Expression<string>) =>
  eb.selectFrom('orders').select((o) => o.fn.max('orders.created_at').as('m')).where('orders.customer_id', '=', customerId);

/**
 * The customer's earliest photo's uploaded_at, null with no photo. upload_month is uploaded_at's month, so
 * this order is uploaded_at's and is read from the (customer_id, upload_month, uploaded_at) index's first entry.
 */
export const firstPhotoAt = (customerId: Expression<string>) =>
  eb
    .selectFrom('photos')
    .select('photos.uploaded_at')
    .where('photos.customer_id', '=', customerId)
    .orderBy('photos.upload_month')
    .orderBy('photos.uploaded_at')
    .limit(1);

/** A live customer's storage period facts and stored sequence, in one statement; undefined when gone or deleted. */
export async function storagePeriodOf(db: Kysely<Database>, customerId: string): Promise<{ facts: StoragePeriodFacts; period: ToldPeriod | undefined } | undefined> {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('storage_periods as sp', 'sp.customer_id', 'c.id')
    .select(['c.registered_at', 'sp.emptied_at', 'sp.period_end', 'sp.deletion_at'])
    .select((c) => [lastOrderAt(c.ref('c.id')).as('last_order_at'), firstPhotoAt(c.ref('c.id')).as('first_photo_at')])
    .where('c.id', '=', customerId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    facts: { registeredAt: row.registered_at, lastOrderAt: row.last_order_at ?? null, emptiedAt: row.emptied_at ?? null, firstPhotoAt: row.first_photo_at ?? null },
    period: row.period_end != null && row.deletion_at != null ? { period_end: row.period_end, deletion_at: row.deletion_at } : undefined,
  };
}

/**
 * The customer's period end as it stands inside the caller's transaction (the daily run's batch, after it
 * took the customer's row): an order committed before that lock moves it. Undefined when the customer is
 * gone or deleted.
 */
export async function periodEndIn(trx: Kysely<Database>, customerId: string): Promise<Date | undefined> {
  const stored = await storagePeriodOf(trx, customerId);
  return stored && storagePeriodEnd(stored.facts);
}
