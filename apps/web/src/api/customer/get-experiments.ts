import { EXPERIMENTS_PATH, experimentAssignmentsSchema, experimentValue, type ExperimentKey, type ExperimentValue } from '@shoebox/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useServices } from '../../lib/services';
import { customerKeys } from './query-keys';

/** GET {customers}/experiments: the A/B tests' variations this customer sees (decision 110). */
export const getExperiments = (http: HttpClient, signal?: AbortSignal) => http('customers', EXPERIMENTS_PATH, { schema: experimentAssignmentsSchema, signal });

// A customer's variations do not change while the tests run: asked once a session.
export const experimentsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: customerKeys.experiments(), queryFn: ({ signal }) => getExperiments(http, signal), staleTime: Infinity, retry: 1 });

/**
 * The value this customer sees of an experiment: undefined while it is asked for (a screen waits rather than
 * change under the customer's eyes), the control's when the answer cannot be had.
 */
export function useExperiment<K extends ExperimentKey>(key: K): ExperimentValue<K> | undefined {
  const { http } = useServices();
  const { data, isError } = useQuery(experimentsQueryOptions(http));
  if (data) return experimentValue(key, data.assignments);
  return isError ? experimentValue(key, {}) : undefined;
}
