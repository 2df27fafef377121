import { ERROR_REPORTS_PER_REQUEST, type ErrorReport } from '@shoebox/contracts';
import type { ErrorReporter } from './error-reporter';
import { reportOf } from './report-of';

/** Reports gathered this long go in one request (decision 108): a failing page often fails several calls at once. */
export const REPORT_BATCH_DELAY_MS = 2_000;
/** What one page load sends at most: a render loop that fails on every frame must not flood the service. */
export const REPORTS_PER_PAGE_LOAD = 50;

export interface ServerErrorReporterDeps {
  /** The error service's address: {errorReports}/reports from /config.json. */
  url: string;
  /** The signed-in customer's access token, which names them in the report; none before sign-in. */
  accessToken: () => Promise<string | undefined>;
  page: () => string;
  fetch?: typeof fetch;
  delayMs?: number;
}

/**
 * Sends failures to the server's own error service, a few seconds' worth in one request. Its own failures are
 * not reported (that would loop): a refused or lost batch is dropped, and a 429 pauses sending for as long as
 * the service asks.
 */
export function serverErrorReporter(deps: ServerErrorReporterDeps): ErrorReporter & { flush(): Promise<void> } {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const delayMs = deps.delayMs ?? REPORT_BATCH_DELAY_MS;
  const queue: ErrorReport[] = [];
  let sentThisPage = 0;
  let pausedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(o: { leaving?: boolean } = {}): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const reports = queue.splice(0, ERROR_REPORTS_PER_REQUEST);
    if (queue.length) timer = setTimeout(() => void flush(), delayMs);
    if (!reports.length || Date.now() < pausedUntil) return;
    try {
      const token = await deps.accessToken().catch(() => undefined);
      const response = await doFetch(deps.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ reports }),
        // A page being left still gets its last reports out.
        keepalive: o.leaving === true,
      });
      if (response.status === 429) pausedUntil = Date.now() + Math.max(1, Number(response.headers.get('retry-after')) || 60) * 1000;
    } catch {
      // Lost with the connection; the console has it.
    }
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => void flush({ leaving: true }));
  }

  return {
    report(error, context) {
      if (sentThisPage >= REPORTS_PER_PAGE_LOAD) return;
      const report = reportOf(error, context, deps.page());
      // The same failure twice in one batch is one report.
      if (queue.some((queued) => queued.message === report.message && queued.name === report.name && queued.correlationId === report.correlationId)) return;
      sentThisPage += 1;
      queue.push(report);
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    flush: () => flush(),
  };
}
