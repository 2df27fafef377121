import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../api/query-keys';

/**
 * The §4 "customer changed" flag: set after the customer (or an address) is changed, shown on /settings as a
 * confirmation until it is reset. Kept in the query cache, so it lives as long as the signed-in session's cache.
 */
const customerChangedOptions = queryOptions({
  queryKey: settingsKeys.customerChanged(),
  queryFn: () => false,
  initialData: false,
  staleTime: Infinity,
  gcTime: Infinity,
});

export const markCustomerChanged = (queryClient: QueryClient) => queryClient.setQueryData(settingsKeys.customerChanged(), true);

export function useCustomerChanged() {
  const queryClient = useQueryClient();
  const { data } = useQuery(customerChangedOptions);
  return { changed: data, reset: () => queryClient.setQueryData(settingsKeys.customerChanged(), false) };
}
