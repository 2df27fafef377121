import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';

/** Spec §3/§4: every request carries one of these; a reset returns it to NotRequested. */
export type RequestState = 'NotRequested' | 'InProgress' | 'Finished' | 'Failed';

const FROM_MUTATION = { idle: 'NotRequested', pending: 'InProgress', success: 'Finished', error: 'Failed' } as const satisfies Record<UseMutationResult['status'], RequestState>;

export const mutationState = (mutation: Pick<UseMutationResult, 'status'>): RequestState => FROM_MUTATION[mutation.status];

/** A read that is not asked for (disabled) is NotRequested; a read that has an answer stays Finished while it refreshes. */
export function queryState(query: Pick<UseQueryResult, 'data' | 'isError' | 'fetchStatus'>, requested: boolean): RequestState {
  if (!requested) return 'NotRequested';
  if (query.data !== undefined) return 'Finished';
  if (query.fetchStatus === 'fetching') return 'InProgress';
  return query.isError ? 'Failed' : 'InProgress';
}
