import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** DELETE {customers}/customers/me/addresses/{id}: 204; deleting the default makes the oldest one left the default. */
export const deleteAddress = (http: HttpClient, id: string) => http('customers', `/customers/me/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** One mutation per row, so each address shows its own progress. */
export function useDeleteAddress() {
  const { http } = useServices();
  return useMutation({ mutationFn: (id: string) => deleteAddress(http, id) });
}
