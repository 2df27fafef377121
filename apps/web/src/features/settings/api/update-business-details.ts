import { customerSchema, type BusinessDetailsInput } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from '../../../api/customer/query-keys';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** PUT {customers}/customers/me/business-details: the company's name and VAT number (decision 084); answers the whole record. */
export const updateBusinessDetails = (http: HttpClient, body: BusinessDetailsInput) =>
  http('customers', '/customers/me/business-details', { method: 'PUT', body, schema: customerSchema });

/** On success the record is the answer at once: the status banner and the page show the account awaiting validation. */
export function useUpdateBusinessDetails() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessDetailsInput) => updateBusinessDetails(http, body),
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerKeys.me(), customer);
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
