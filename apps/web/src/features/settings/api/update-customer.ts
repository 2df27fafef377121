import { customerSchema, type UpdateCustomer } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from '../../../api/customer/query-keys';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { customerChanged } from '../../addresses';

/** PUT {customers}/customers/me: the customer's name and phone number; answers the whole record. */
export const updateCustomer = (http: HttpClient, body: UpdateCustomer) => http('customers', '/customers/me', { method: 'PUT', body, schema: customerSchema });

/** The change; on success the record is the answer at once (the shell greets the new name), the §4 changed flag is set and every customer query refreshes. */
export function useUpdateCustomer() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomer) => updateCustomer(http, body),
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerKeys.me(), customer);
      customerChanged.set();
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
