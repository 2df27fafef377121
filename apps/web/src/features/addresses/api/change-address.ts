import { customerAddressSchema, type CustomerAddressInput } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** PUT {customers}/customers/me/addresses/{id}: 200 with the address as saved; 404 when it is not (or no longer) the customer's. */
export const changeAddress = (http: HttpClient, id: string, address: CustomerAddressInput) =>
  http('customers', `/customers/me/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body: address, schema: customerAddressSchema });

/** A change of the fields, or (isDefault true) the default moved to this address. */
export function useChangeAddress() {
  const { http } = useServices();
  return useMutation({ mutationFn: ({ id, address }: { id: string; address: CustomerAddressInput }) => changeAddress(http, id, address) });
}
