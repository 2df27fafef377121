import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The trace a piece of work belongs to: the id of the request that asked for it (its X-CorrelationId), carried
 * into the background jobs it asked for, on whichever instance they run (decision 104). Every log line
 * written meanwhile names it, so an operator follows a request into its job across the cluster's logs.
 */
const traces = new AsyncLocalStorage<string>();

export const currentTrace = (): string | undefined => traces.getStore();

/** Runs `work` within the trace; without one, outside any (a job without a trace must not inherit the request that woke its queue). */
export function withTrace<T>(trace: string | null | undefined, work: () => T): T {
  return trace ? traces.run(trace, work) : traces.exit(work);
}
