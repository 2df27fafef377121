import { identityConfirmPath } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

type Claims = Pick<SignedInIdentity, 'idpType' | 'idpSub'>;

/** POST {identities}/v2/identities/{idpType}/{idpSub}/deleteaccount/{token}/actions/confirm: the account is deleted. */
export const confirmAccountDeletion = (http: HttpClient, identity: Claims, token: string) =>
  http('identities', identityConfirmPath(identity.idpType, identity.idpSub, 'deleteaccount', token), { method: 'POST' });

export function useConfirmAccountDeletion(identity: Claims) {
  const { http } = useServices();
  return useMutation({ mutationFn: (token: string) => confirmAccountDeletion(http, identity, token) });
}
