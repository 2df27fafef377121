/** Where failures go; the default logs to the console, a retailer can plug in its error service. */
export interface ErrorReporter {
  report(error: unknown, context: { correlationId?: string; [key: string]: unknown }): void;
}

export const consoleErrorReporter: ErrorReporter = {
  report(error, context) {
    console.error('[shoebox]', error, context);
  },
};
