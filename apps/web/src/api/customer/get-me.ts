import { customerSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';
import { customerKeys } from './query-keys';

export const getMe = (http: HttpClient, signal?: AbortSignal) => http('customers', '/customers/me', { schema: customerSchema, signal });

export const meQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: customerKeys.me(), queryFn: ({ signal }) => getMe(http, signal), staleTime: 60_000 });

export function useMe() {
  const { http } = useServices();
  return useQuery(meQueryOptions(http));
}
