import { identityConfirmPath } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

type Claims = Pick<SignedInIdentity, 'idpType' | 'idpSub'>;

/** POST {identities}/v2/identities/{idpType}/{idpSub}/emailchanges/{token}/actions/confirm: the new address takes effect (409 email_in_use if taken meanwhile). */
export const confirmEmailChange = (http: HttpClient, identity: Claims, token: string) =>
  http('identities', identityConfirmPath(identity.idpType, identity.idpSub, 'emailchanges', token), { method: 'POST' });

export function useConfirmEmailChange(identity: Claims) {
  const { http } = useServices();
  return useMutation({ mutationFn: (token: string) => confirmEmailChange(http, identity, token) });
}
