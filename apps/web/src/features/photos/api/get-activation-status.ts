import { activationStateSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { activationKeys } from './query-keys';

/** GET /users/activate: ACTIVE, NOT_ACTIVE, IMPORTING or DELETING. */
export const getActivationStatus = (http: HttpClient, signal?: AbortSignal) =>
  http('photoManagement', '/users/activate', { schema: activationStateSchema, signal });

export const activationStatusQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: activationKeys.status(), queryFn: ({ signal }) => getActivationStatus(http, signal) });

/** Asked only where activation is offered (its flag is on). */
export function useActivationStatus(enabled: boolean) {
  const { http } = useServices();
  return useQuery({ ...activationStatusQueryOptions(http), enabled });
}
