import type { JobHandler, JobKindOptions, JobRun } from './job-queue.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_ATTEMPTS } from './job-timing.js';

export interface JobKind {
  handler: JobHandler<unknown>;
  concurrency: number;
  maxAttempts: number;
  onGivenUp?(job: JobRun<unknown>, error: Error): Promise<void>;
}

/** The kinds a queue knows, with their defaults filled in; both adapters keep theirs here. */
export function jobKinds() {
  const kinds = new Map<string, JobKind>();
  let started = false;
  return {
    define<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions<P> = {}): void {
      // A kind declared late would miss jobs the queue already started on: a wiring mistake, said at once.
      if (started) throw new Error(`Job kind "${kind}" is defined after the job queue started`);
      if (kinds.has(kind)) throw new Error(`Job kind "${kind}" is defined twice`);
      // BullMQ names its queue after the kind and refuses a colon: refused on both adapters alike.
      if (!kind || kind.includes(':')) throw new Error(`Job kind "${kind}" must be a non-empty name without a colon`);
      const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
      const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Job kind "${kind}": concurrency must be a whole number from 1`);
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`Job kind "${kind}": maxAttempts must be a whole number from 1`);
      kinds.set(kind, {
        handler: handler as JobHandler<unknown>,
        concurrency,
        maxAttempts,
        ...(options.onGivenUp ? { onGivenUp: options.onGivenUp as JobKind['onGivenUp'] } : {}),
      });
    },
    get(kind: string): JobKind {
      const found = kinds.get(kind);
      if (!found) throw new Error(`No job kind "${kind}" is defined`);
      return found;
    },
    entries: () => kinds.entries(),
    start(): void {
      started = true;
    },
  };
}
