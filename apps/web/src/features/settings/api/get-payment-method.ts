import { paymentMethodSettingsSchema } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { settingsKeys } from './query-keys';

/** GET {customers}/customers/me/payment-method: the stored method, masked, and the kinds the storefront offers. */
export const getPaymentMethod = (http: HttpClient, signal?: AbortSignal) =>
  http('customers', '/customers/me/payment-method', { schema: paymentMethodSettingsSchema, signal });

export const paymentMethodQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: settingsKeys.paymentMethod(), queryFn: ({ signal }) => getPaymentMethod(http, signal) });

export function usePaymentMethod() {
  const { http } = useServices();
  return useQuery(paymentMethodQueryOptions(http));
}
