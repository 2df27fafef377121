import type { CustomerAddress, CustomerAddressInput } from '@shoebox/contracts';

/** The address on one line, as a list row and its buttons are named: "Ada Lovelace, Baker Street 1, NW1 6XE London". */
export const addressSummary = (a: Pick<CustomerAddress, 'firstName' | 'lastName' | 'street' | 'houseNumber' | 'postalCode' | 'city'>): string =>
  `${a.firstName} ${a.lastName}, ${a.street} ${a.houseNumber}, ${a.postalCode} ${a.city}`;

/** A saved address as a PUT body: its fields unchanged. */
export const inputOf = ({ firstName, lastName, street, houseNumber, postalCode, city, countryCode, phone }: CustomerAddress, isDefault: boolean): CustomerAddressInput => ({
  firstName,
  lastName,
  street,
  houseNumber,
  postalCode,
  city,
  countryCode,
  phone,
  isDefault,
});
