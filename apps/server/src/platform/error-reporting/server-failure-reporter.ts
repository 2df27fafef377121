/**
 * The server's own failures sent to the error service the browser's go to (spec §8; decision 117): an
 * unexpected 500 and a background job given up. The log keeps every one with its correlation id; the error
 * service is where an operator looks without reading logs, so what goes there is bounded per instance.
 */
export interface ServerFailure {
  /** The request's correlation id, or the job's trace id. */
  correlationId: string;
  source: 'request' | 'job';
  /** A request's method and route pattern (never its query), or a job's kind. */
  where: string;
  customerId?: string | null;
}

export interface FailureSink {
  send(error: Error, failure: ServerFailure): Promise<void>;
}

export interface ServerFailureReporter {
  report(error: unknown, failure: ServerFailure): void;
  /** Where failures go from now on; before, they are only in the log. */
  connect(sink: FailureSink): void;
}

/** Failures one instance sends a minute; beyond it they are only in the log. */
export const SERVER_FAILURES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

type Log = { warn(details: object, message: string): void };

export function serverFailureReporter(log: Log, now: () => number = Date.now): ServerFailureReporter {
  let sink: FailureSink | null = null;
  let windowStart = 0;
  let sent = 0;
  // The same failure in the same place once a window: a broken route answering every request with a 500 is one report.
  let seen = new Set<string>();

  return {
    connect(next) {
      sink = next;
    },
    report(error, failure) {
      if (!sink) return;
      const at = now();
      if (at - windowStart >= WINDOW_MS) {
        windowStart = at - (at % WINDOW_MS);
        sent = 0;
        seen = new Set();
      }
      const asError = error instanceof Error ? error : new Error(String(error));
      const key = `${failure.where}\n${asError.name}\n${asError.message}`;
      if (seen.has(key) || sent >= SERVER_FAILURES_PER_MINUTE) return;
      seen.add(key);
      sent++;
      sink.send(asError, failure).catch((err: unknown) => log.warn({ err, correlationId: failure.correlationId }, 'Sending a failure to the error service failed; it is in this log'));
    },
  };
}
