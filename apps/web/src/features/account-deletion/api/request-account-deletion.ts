import { identityRequestAcceptedSchema, identityRequestPath } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST {identities}/v2/identities/{idpType}/{idpSub}/deleteaccount: mails the customer a link that confirms the deletion (202). */
export const requestAccountDeletion = (http: HttpClient, identity: Pick<SignedInIdentity, 'idpType' | 'idpSub'>, channel: string) =>
  http('identities', identityRequestPath(identity.idpType, identity.idpSub, 'deleteaccount'), {
    method: 'POST',
    body: { channel },
    schema: identityRequestAcceptedSchema,
  });

/** The request for the signed-in customer on this page's channel; answers the address the mail went to. */
export function useRequestAccountDeletion() {
  const services = useServices();
  return useMutation({
    mutationFn: async () => {
      const identity = await services.auth.currentIdentity();
      // Signed out meanwhile (another tab): the request fails like any other and the customer may try again.
      if (!identity) throw new Error('Signed out');
      await requestAccountDeletion(services.http, identity, services.channel.code);
      return identity.email;
    },
  });
}
