/** Where failures go (spec §8): each is logged with its correlation id and sent to the error service. */
export interface ErrorReporter {
  report(error: unknown, context: ReportContext): void;
}

export interface ReportContext {
  correlationId?: string;
  [key: string]: unknown;
}

/** Logs a failure in the browser's console: where every failure goes first, whatever else receives it. */
export const consoleErrorReporter: ErrorReporter = {
  report(error, context) {
    console.error('[shoebox]', error, context);
  },
};
