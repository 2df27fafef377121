import type { PaymentMethodInput } from '@shoebox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';
import { settingsKeys } from './query-keys';

/** PUT {customers}/customers/me/payment-method: the method the customer typed; the server keeps it masked. */
export const changePaymentMethod = (http: HttpClient, body: PaymentMethodInput) => http('customers', '/customers/me/payment-method', { method: 'PUT', body });

/**
 * The change. The typed card number must not outlive the request: the mutation keeps no variables once its
 * screen has read the outcome (`gcTime: 0`, and the screen resets it), and the stored method is read again.
 */
export function useChangePaymentMethod() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentMethodInput) => changePaymentMethod(http, body),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentMethod() }),
  });
}
