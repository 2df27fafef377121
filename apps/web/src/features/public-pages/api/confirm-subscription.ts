import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

export interface SubscriptionConfirmation {
  email: string;
  confirmationToken: string;
}

/** The email gateway's double opt-in confirmation; public, so it carries no token. */
export const confirmSubscription = (http: HttpClient, { email, confirmationToken }: SubscriptionConfirmation) =>
  http('emailGateway', `/api/v1/Profiles/${encodeURIComponent(email)}/subscription/confirm/${encodeURIComponent(confirmationToken)}`, {
    method: 'POST',
    anonymous: true,
  });

export function useConfirmSubscription() {
  const { http } = useServices();
  return useMutation({ mutationFn: (input: SubscriptionConfirmation) => confirmSubscription(http, input) });
}
