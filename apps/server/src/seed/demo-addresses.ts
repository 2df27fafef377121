import { deliveryCountriesFor, findChannel, type Address } from '@shoebox/contracts';
import type { Kysely } from 'kysely';
import type { CustomerPaymentMethodsTable, Database } from '../platform/db/schema.js';
import { addressBookColumns } from '../modules/addresses/address.service.js';
import { HOME_ADDRESSES, type DemoCustomer } from './demo-orders.js';

/** Addresses beyond the home one, for the accounts that show a book of more than one (name and phone of someone else). */
const MORE_ADDRESSES: Record<string, Address[]> = {
  'emma@example.com': [{ firstName: 'Pieter', lastName: 'Janssen', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null }],
  'mila@example.com': [{ firstName: 'Anouk', lastName: 'Hendriks', street: 'Park Row', houseNumber: '5', postalCode: 'LS1 5HD', city: 'Leeds', countryCode: 'GB', phone: '+44 113 496 0000' }],
};

type DemoMethod = Omit<CustomerPaymentMethodsTable, 'customer_id' | 'updated_at' | 'holder' | 'expiry_year'> & { holder: boolean; yearsAhead: number | null };

/** The stored methods, as the server keeps them: masked only, there never was a number to keep (decision 063). */
const PAYMENT_METHODS: Record<string, DemoMethod> = {
  'emma@example.com': { kind: 'card', brand: 'visa', last4: '4242', expiry_month: 8, yearsAhead: 2, holder: true, masked_email: null },
  'mila@example.com': { kind: 'paypal', brand: null, last4: null, expiry_month: null, yearsAhead: null, holder: false, masked_email: 'm•••@example.com' },
  'ines@example.com': { kind: 'card', brand: 'amex', last4: '0005', expiry_month: 3, yearsAhead: 1, holder: true, masked_email: null },
  'nora@example.com': { kind: 'card', brand: 'mastercard', last4: '4444', expiry_month: 11, yearsAhead: 3, holder: true, masked_email: null },
  'bram@example.com': { kind: 'card', brand: 'visa', last4: '1881', expiry_month: 1, yearsAhead: 2, holder: true, masked_email: null },
};

/**
 * A demo account's address book (its home address the default, as its home deliveries went there) and its
 * stored payment method. The book is filled only while it is empty and the method only while there is
 * none, so a later start never undoes what the customer changed; an address outside the storefront's
 * country is left out, as the address book would refuse it.
 */
export async function insertDemoSettings(db: Kysely<Database>, customer: DemoCustomer, now = Date.now()): Promise<void> {
  const channel = findChannel(customer.channel);
  const home = HOME_ADDRESSES[customer.email];
  const countries = channel ? deliveryCountriesFor(channel) : [];
  const book = [...(home ? [{ firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone, ...home }] : []), ...(MORE_ADDRESSES[customer.email] ?? [])].filter(
    (a) => countries.includes(a.countryCode),
  );
  const hasBook = await db.selectFrom('customer_addresses').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
  if (book.length && !hasBook) {
    await db
      .insertInto('customer_addresses')
      .values(
        book.map((a, i) => ({
          id: `demo-address-${customer.id}-${i + 1}`,
          customer_id: customer.id,
          ...addressBookColumns(a),
          is_default: i === 0 ? 1 : 0,
          // A minute apart, oldest first, so the book lists them in the order given.
          created_at: new Date(now - (book.length - i) * 60_000).toISOString(),
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  const method = PAYMENT_METHODS[customer.email];
  if (method) {
    const { yearsAhead, holder, ...stored } = method;
    await db
      .insertInto('customer_payment_methods')
      .values({
        ...stored,
        customer_id: customer.id,
        expiry_year: yearsAhead === null ? null : new Date(now).getUTCFullYear() + yearsAhead,
        holder: holder ? `${customer.firstName} ${customer.lastName}` : null,
        updated_at: new Date(now).toISOString(),
      })
      .onConflict((oc) => oc.column('customer_id').doNothing())
      .execute();
  }
}
