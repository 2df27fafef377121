/**
 * What other features use of the address book: the list query (with the default delivery address
 * /settings shows), its keys, and the spec §4 "customer changed" flag that an address change sets and
 * /settings shows. The address screens themselves load through the router, lazily.
 */
export { addressesQueryOptions, defaultAddressOf, getAddresses, useAddresses } from './api/get-addresses';
export { addressKeys } from './api/query-keys';
export { customerChanged, useCustomerChanged } from './lib/customer-changed';
