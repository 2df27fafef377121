import { z } from 'zod/mini';
import { addressInputSchema, addressPerCountry } from './address-input.js';
import { documentedAs } from './documented-as.js';
import { addressSchema } from './addresses.js';
import { findChannel, type Channel } from './channels.js';
import { idSchema } from './text.js';

/**
 * The customer's address book (account-area §2.7, §7.2): GET/POST {customers}/customers/me/addresses,
 * PUT/DELETE …/addresses/{id}. One address may be the default delivery address; the first one saved is.
 * An order keeps its own copy of the address it was placed with, so changing or deleting an address
 * never changes an order (decision 062).
 */

/** Addresses one customer may keep; adding another answers 409 address_limit_reached. */
export const MAX_ADDRESSES_PER_CUSTOMER = 20;
export const ADDRESS_LIMIT_ERROR = 'address_limit_reached';

export const customerAddressSchema = z.extend(addressSchema, {
  id: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** Default first, then oldest first. */
export const customerAddressListSchema = z.object({ items: z.array(customerAddressSchema) });
export type CustomerAddressList = z.infer<typeof customerAddressListSchema>;

/**
 * POST and PUT body: the address as typed (the §5 messages name a refused field), and whether it becomes
 * the default. Making one the default takes it from the other; the default cannot be unset by PUT, only
 * moved (and deleting the default makes the oldest remaining one the default).
 */
// safeExtend keeps the address's postal-code check; an intersection would add its schema class to the web shell.
const isDefault = z.optional(z.boolean());
export const customerAddressInputSchema = documentedAs(z.safeExtend(addressInputSchema, { isDefault }), { equivalent: () => addressPerCountry({ isDefault }) });
export type CustomerAddressInput = z.infer<typeof customerAddressInputSchema>;

export const customerAddressParamsSchema = z.object({ id: idSchema });

/**
 * The countries a customer of this storefront may save an address in: the storefront's own, whose
 * postal-code rule applies (spec §5). A country outside answers 400 on countryCode.
 */
export const deliveryCountriesFor = (channel: Pick<Channel, 'country'>): string[] => [channel.country];

/**
 * Why an address in `countryCode` may not be saved or delivered to for the storefront `channelCode`, or
 * undefined when it may: the one rule for the address book, a new order and a changed delivery address.
 */
export function undeliverableCountry(channelCode: string, countryCode: string): string | undefined {
  const channel = findChannel(channelCode);
  const allowed = channel ? deliveryCountriesFor(channel) : [];
  return allowed.includes(countryCode) ? undefined : `Not a country this storefront delivers to; one of ${allowed.join(', ')}`;
}
