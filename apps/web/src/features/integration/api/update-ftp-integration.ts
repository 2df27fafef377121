import type { UpdateFtpIntegration } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from '../../../api/customer/query-keys';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** PATCH {customers}/customers/me (business, §7.2): the callback address and format, or both null to stop the callbacks. */
export const updateFtpIntegration = (http: HttpClient, body: UpdateFtpIntegration) => http('customers', '/customers/me', { method: 'PATCH', body });

/** The change; the customer record (which carries the integration) is read again before it resolves. */
export function useUpdateFtpIntegration() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFtpIntegration) => updateFtpIntegration(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
