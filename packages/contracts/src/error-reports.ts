import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';
import { displayText, notBlank, text } from './text.js';

/** Spec §8: every failure goes to an error-reporting service. These bound what one report may carry (decision 108). */
export const ERROR_REPORT_MESSAGE_MAX_LENGTH = 500;
export const ERROR_REPORT_NAME_MAX_LENGTH = 100;
export const ERROR_REPORT_PAGE_MAX_LENGTH = 300;
export const ERROR_REPORT_CONTEXT_MAX_ENTRIES = 12;
export const ERROR_REPORT_CONTEXT_VALUE_MAX_LENGTH = 300;
/** Reports one request may carry: a browser sends what it gathered in a few seconds at once. */
export const ERROR_REPORTS_PER_REQUEST = 10;
/** Where the web posts its reports when no Sentry DSN is configured: the server's own error service. */
export const ERROR_REPORTS_PATH = '/reports';

/** What went wrong in the browser, said without personal data: the server scrubs addresses, tokens and query values too. */
export const errorReportSchema = z.object({
  message: displayText().check(notBlank(), z.maxLength(ERROR_REPORT_MESSAGE_MAX_LENGTH)),
  /** The error's kind ('TypeError', 'AccessToken Error', 'channel not found'). */
  name: z.optional(displayText().check(notBlank(), z.maxLength(ERROR_REPORT_NAME_MAX_LENGTH))),
  correlationId: z.optional(text().check(z.regex(/^[A-Za-z0-9._-]{1,100}$/))),
  /** The page's path, without its query or fragment. */
  page: z.optional(text().check(z.regex(/^\//), z.maxLength(ERROR_REPORT_PAGE_MAX_LENGTH))),
  context: z.optional(
    documentedAs(
      z.record(text().check(z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/)), text().check(z.maxLength(ERROR_REPORT_CONTEXT_VALUE_MAX_LENGTH))).check(
        z.refine((entries) => Object.keys(entries).length <= ERROR_REPORT_CONTEXT_MAX_ENTRIES, {
          message: `At most ${ERROR_REPORT_CONTEXT_MAX_ENTRIES} entries`,
        }),
      ),
      { keywords: { maxProperties: ERROR_REPORT_CONTEXT_MAX_ENTRIES } },
    ),
  ),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

/** POST {errorReports}/reports. */
export const errorReportBatchSchema = z.object({
  reports: z.array(errorReportSchema).check(z.minLength(1), z.maxLength(ERROR_REPORTS_PER_REQUEST)),
});
export type ErrorReportBatch = z.infer<typeof errorReportBatchSchema>;

export const errorReportsAcceptedSchema = z.object({ accepted: z.number().check(z.int(), z.minimum(0)) });
