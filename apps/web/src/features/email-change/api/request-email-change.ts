import { identityRequestAcceptedSchema, identityRequestPath, type EmailChangeRequest } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

type Claims = Pick<SignedInIdentity, 'idpType' | 'idpSub'>;

/** POST {identities}/v2/identities/{idpType}/{idpSub}/emailchanges: mails a confirmation link to the new address (202; 409 in use, 429 too often). */
export const requestEmailChange = (http: HttpClient, identity: Claims, request: EmailChangeRequest) =>
  http('identities', identityRequestPath(identity.idpType, identity.idpSub, 'emailchanges'), {
    method: 'POST',
    body: request,
    schema: identityRequestAcceptedSchema,
  });

export function useRequestEmailChange(identity: Claims) {
  const { http } = useServices();
  return useMutation({ mutationFn: (request: EmailChangeRequest) => requestEmailChange(http, identity, request) });
}
