import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CustomerPaymentMethodsTable } from '../../platform/db/schema.js';

export type PaymentMethodRow = CustomerPaymentMethodsTable;

const text = (value: string | null) => sql<string>`cast(${value} as text)`;
const int = (value: number | null) => sql<number>`cast(${value} as integer)`;

export function paymentMethodRepository(db: Db) {
  return {
    find: (customerId: string) => db.selectFrom('customer_payment_methods').selectAll().where('customer_id', '=', customerId).executeTakeFirst(),

    /**
     * Replaces the customer's method in one statement, and only while the customer is live: a change racing
     * the account's deletion can never leave a method behind. Answers false when the customer is gone.
     */
    async save(row: PaymentMethodRow): Promise<boolean> {
      const result = await db
        .insertInto('customer_payment_methods')
        .columns(['customer_id', 'kind', 'brand', 'last4', 'expiry_month', 'expiry_year', 'holder', 'masked_email', 'updated_at'])
        .expression(
          db
            .selectFrom('customers')
            .select([
              'id',
              text(row.kind).as('kind'),
              text(row.brand).as('brand'),
              text(row.last4).as('last4'),
              int(row.expiry_month).as('expiry_month'),
              int(row.expiry_year).as('expiry_year'),
              text(row.holder).as('holder'),
              text(row.masked_email).as('masked_email'),
              text(row.updated_at).as('updated_at'),
            ])
            .where('id', '=', row.customer_id)
            .where('deleted_at', 'is', null),
        )
        .onConflict((oc) =>
          oc.column('customer_id').doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            brand: eb.ref('excluded.brand'),
            last4: eb.ref('excluded.last4'),
            expiry_month: eb.ref('excluded.expiry_month'),
            expiry_year: eb.ref('excluded.expiry_year'),
            holder: eb.ref('excluded.holder'),
            masked_email: eb.ref('excluded.masked_email'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Erases the customer's stored method (account deletion). */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('customer_payment_methods').where('customer_id', '=', customerId).execute();
    },
  };
}
export type PaymentMethodRepository = ReturnType<typeof paymentMethodRepository>;
