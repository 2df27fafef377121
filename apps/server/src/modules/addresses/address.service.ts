import {
  ADDRESS_LIMIT_ERROR,
  MAX_ADDRESSES_PER_CUSTOMER,
  type Address,
  type Customer,
  type CustomerAddress,
  type CustomerAddressInput,
  undeliverableCountry,
  type CustomerAddressList,
} from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import type { Identity } from '../../platform/auth/access-token.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import type { AddressColumns, AddressRepository, AddressRow, BookOutcome } from './address.repository.js';

export interface AddressServiceDeps {
  repo: AddressRepository;
  /** The signed-in customer (404 when deleted): their storefront gives the countries an address may be in. */
  customerOf: (identity: Identity) => Promise<Pick<Customer, 'channel'>>;
  now?: () => number;
}

const toAddress = (row: AddressRow): CustomerAddress => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  street: row.street,
  houseNumber: row.house_number,
  postalCode: row.postal_code,
  city: row.city,
  countryCode: row.country_code,
  phone: row.phone,
  isDefault: Number(row.is_default) === 1,
  createdAt: row.created_at,
});

/** An address as the address book's row keeps it. */
export const addressBookColumns = (a: Address): AddressColumns => ({
  first_name: a.firstName,
  last_name: a.lastName,
  street: a.street,
  house_number: a.houseNumber,
  postal_code: a.postalCode,
  city: a.city,
  country_code: a.countryCode,
  phone: a.phone,
});

const addressNotFound = () => notFound('Address not found');

function valueOf<T>(outcome: BookOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.reason === 'full') {
    throw new AppError(409, ADDRESS_LIMIT_ERROR, `An address book holds at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses`, undefined, { max: MAX_ADDRESSES_PER_CUSTOMER });
  }
  throw outcome.reason === 'no_customer' ? notFound('Customer not found') : addressNotFound();
}

/** The customer's address book (account-area §7.2, decision 062). */
export function addressService(deps: AddressServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  /** An address must be in a country the customer's storefront delivers to. */
  async function checkCountry(identity: Identity, address: CustomerAddressInput): Promise<void> {
    const problem = undeliverableCountry((await deps.customerOf(identity)).channel, address.countryCode);
    if (problem) throw badRequest('Invalid body', [{ path: 'countryCode', message: problem }]);
  }

  return {
    async list(identity: Identity): Promise<CustomerAddressList> {
      await deps.customerOf(identity);
      return { items: (await repo.list(identity.customerId)).map(toAddress) };
    },

    async add(identity: Identity, input: CustomerAddressInput): Promise<CustomerAddress> {
      await checkCountry(identity, input);
      const row = { id: randomUUID(), customer_id: identity.customerId, ...addressBookColumns(input), created_at: new Date(now()).toISOString() };
      return toAddress(valueOf(await repo.add(row, input.isDefault === true, MAX_ADDRESSES_PER_CUSTOMER)));
    },

    async change(identity: Identity, id: string, input: CustomerAddressInput): Promise<CustomerAddress> {
      await checkCountry(identity, input);
      return toAddress(valueOf(await repo.change(identity.customerId, id, addressBookColumns(input), input.isDefault === true)));
    },

    async remove(identity: Identity, id: string): Promise<void> {
      valueOf(await repo.remove(identity.customerId, id));
    },
  };
}
export type AddressService = ReturnType<typeof addressService>;
