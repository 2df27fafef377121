import { consoleErrorReporter, type ErrorReporter, type ReportContext } from './error-reporter';

/** Failures kept while the page does not yet know where they go (before /config.json is read). */
const BUFFERED_REPORTS = 20;

/**
 * The page's one reporter, there from its first line: every failure is logged at once, and sent on to the
 * error service `connect` names. The service's code is loaded with the first failure, not with the page
 * (most visits have none); failures before either wait for it.
 */
export function bufferedErrorReporter(): ErrorReporter & { connect(load: () => Promise<ErrorReporter>): void } {
  let load: (() => Promise<ErrorReporter>) | undefined;
  let target: Promise<ErrorReporter | undefined> | undefined;
  const waiting: [unknown, ReportContext][] = [];

  function send() {
    if (!load || !waiting.length) return;
    // A service that cannot be loaded (the page's files changed under it) leaves the console as the record.
    target ??= load().catch(() => undefined);
    const reports = waiting.splice(0);
    void target.then((service) => {
      for (const [error, context] of reports) service?.report(error, context);
    });
  }

  return {
    report(error, context) {
      consoleErrorReporter.report(error, context);
      if (waiting.length < BUFFERED_REPORTS) waiting.push([error, context]);
      send();
    },
    connect(next) {
      // The first connection stands: a start that fails after it keeps sending where it did.
      load ??= next;
      send();
    },
  };
}
