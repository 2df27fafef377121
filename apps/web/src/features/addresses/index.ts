/**
 * What other features use of the address book: the list query (with the default delivery address
 * /settings shows) and its keys. The address screens themselves load through the router, lazily.
 */
export { addressesQueryOptions, defaultAddressOf, getAddresses, useAddresses } from './api/get-addresses';
export { addressKeys } from './api/query-keys';
