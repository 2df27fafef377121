import { customerAddressListSchema, type CustomerAddress } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { addressKeys } from './query-keys';

/** GET {customers}/customers/me/addresses: the whole address book, default first, then oldest first. */
export const getAddresses = (http: HttpClient, signal?: AbortSignal) => http('customers', '/customers/me/addresses', { schema: customerAddressListSchema, signal });

export const addressesQueryOptions = (http: HttpClient) => queryOptions({ queryKey: addressKeys.list(), queryFn: ({ signal }) => getAddresses(http, signal) });

/** The customer's addresses, and the default delivery address among them (none while the book is empty). */
export function useAddresses() {
  const { http } = useServices();
  const query = useQuery(addressesQueryOptions(http));
  return { ...query, addresses: query.data?.items, defaultAddress: query.data ? defaultAddressOf(query.data.items) : undefined };
}

export const defaultAddressOf = (addresses: readonly CustomerAddress[]): CustomerAddress | undefined => addresses.find((address) => address.isDefault);
