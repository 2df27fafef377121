import { customerAddressSchema, type CustomerAddressInput } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST {customers}/customers/me/addresses: 201 with the saved address; 400 names a refused field, 409 address_limit_reached. */
export const addAddress = (http: HttpClient, address: CustomerAddressInput) =>
  http('customers', '/customers/me/addresses', { method: 'POST', body: address, schema: customerAddressSchema });

export function useAddAddress() {
  const { http } = useServices();
  return useMutation({ mutationFn: (address: CustomerAddressInput) => addAddress(http, address) });
}
