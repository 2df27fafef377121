import { activationStartedSchema } from '@shoebox/contracts';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http/http-client';
import { useServices } from '../../../lib/services';

/** POST /users/activate: starts importing the photos kept outside the library; started is false when it was not NOT_ACTIVE. */
export const startActivation = (http: HttpClient) => http('photoManagement', '/users/activate', { method: 'POST', schema: activationStartedSchema });

export function useStartActivation() {
  const { http } = useServices();
  return useMutation({ mutationFn: () => startActivation(http) });
}
