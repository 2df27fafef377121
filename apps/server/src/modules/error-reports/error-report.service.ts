import { randomUUID } from 'node:crypto';
import { ERROR_REPORT_MESSAGE_MAX_LENGTH, ERROR_REPORT_NAME_MAX_LENGTH, type ErrorReport } from '@shoebox/contracts';
import type { FailureSink } from '../../platform/error-reporting/server-failure-reporter.js';
import { TooManyRequests } from '../../platform/http/errors.js';
import type { ErrorReportRepository } from './error-report.repository.js';
import { scrubReportText } from './report-scrub.js';

/** Decision 108: what the embedded error service takes and keeps. */
export const ERROR_REPORTS_PER_CLIENT_PER_MINUTE = 30;
/** For the whole service, whoever sends them: a flood from many addresses cannot fill the database faster. */
export const ERROR_REPORTS_PER_MINUTE = 600;
export const ERROR_REPORTS_KEPT = 10_000;
export const ERROR_REPORT_KEPT_DAYS = 30;
const WINDOW_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ReceivedReports {
  reports: ErrorReport[];
  /** The signed-in customer's id, when the request carried a valid access token. */
  customerId: string | null;
  /** The client's address: reports are counted per address, and it is not kept. */
  client: string;
}

export function errorReportService(repo: ErrorReportRepository, now: () => Date = () => new Date()) {
  /** Keeps the newest reports of the last days, within the number kept. */
  const purge = () => repo.prune(ERROR_REPORTS_KEPT, new Date(now().getTime() - ERROR_REPORT_KEPT_DAYS * DAY_MS).toISOString());

  /** Keeps the reports, scrubbed, or refuses all of them (429) when the client or the service has had its share. */
  async function receive({ reports, customerId, client }: ReceivedReports): Promise<{ accepted: number }> {
    const at = now();
    const windowStartMs = at.getTime() - (at.getTime() % WINDOW_MS);
    const windowStart = new Date(windowStartMs).toISOString();
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + WINDOW_MS - at.getTime()) / 1000));
    if ((await repo.count(`client:${client}`, windowStart, reports.length)) > ERROR_REPORTS_PER_CLIENT_PER_MINUTE)
      throw new TooManyRequests('Too many error reports from this address; try again later', retryAfter);
    if ((await repo.count('all', windowStart, reports.length)) > ERROR_REPORTS_PER_MINUTE)
      throw new TooManyRequests('The error service is taking no more reports for now; try again later', retryAfter);

    const receivedAt = at.toISOString();
    const optional = (value: string | undefined) => (value === undefined ? null : scrubReportText(value));
    await repo.add(
      reports.map((report) => ({
        id: randomUUID(),
        received_at: receivedAt,
        customer_id: customerId,
        message: scrubReportText(report.message),
        name: optional(report.name),
        correlation_id: report.correlationId ?? null,
        page: optional(report.page),
        context: JSON.stringify(Object.fromEntries(Object.entries(report.context ?? {}).map(([key, value]) => [key, scrubReportText(value)]))),
      })),
    );
    await purge();
    return { accepted: reports.length };
  }

  return {
    receive,

    purge,

    /**
     * The server's own failures (decision 117), kept as a browser's report is: under the share of one client,
     * 'server', so that a broken instance cannot crowd out the browsers' reports beyond the service's minute.
     */
    failureSink(): FailureSink {
      return {
        send: async (error, failure) => {
          const report: ErrorReport = {
            message: (error.message || error.name).slice(0, ERROR_REPORT_MESSAGE_MAX_LENGTH),
            name: error.name.slice(0, ERROR_REPORT_NAME_MAX_LENGTH),
            correlationId: failure.correlationId,
            context: { source: failure.source, where: failure.where },
          };
          await receive({ reports: [report], customerId: failure.customerId ?? null, client: 'server' });
        },
      };
    },

    /** The newest reports first, as the operator reads them. */
    async latest(limit: number, customerId?: string) {
      return (await repo.latest(limit, customerId)).map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        customerId: row.customer_id,
        message: row.message,
        name: row.name,
        correlationId: row.correlation_id,
        page: row.page,
        context: JSON.parse(row.context) as Record<string, string>,
      }));
    },
  };
}
export type ErrorReportService = ReturnType<typeof errorReportService>;
