import type { AddressInput } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { orderKeys } from './query-keys';

/** PUT {orders}/v1/superorders/{code}/deliveryAddress: accepted only while the order allows it (409 once it no longer does). */
export const changeDeliveryAddress = (http: HttpClient, orderCode: string, address: AddressInput) =>
  http('orders', `/v1/superorders/${encodeURIComponent(orderCode)}/deliveryAddress`, { method: 'PUT', body: address });

/**
 * The change, and `refresh`: whatever the answer, the order is read again (after a success it shows the new
 * address, after a 409 where it now stands); it resolves once the order has been read.
 */
export function useChangeDeliveryAddress(orderCode: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const change = useMutation({ mutationFn: (address: AddressInput) => changeDeliveryAddress(http, orderCode, address) });
  return { change, refresh: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }) };
}
