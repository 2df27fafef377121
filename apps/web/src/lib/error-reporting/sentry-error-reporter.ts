import type { ErrorReporter } from './error-reporter';
import { reportOf } from './report-of';

/**
 * Sends failures to a Sentry project through its official SDK (GlitchTip takes the same protocol). The SDK is
 * loaded with the first failure, not with the page: most visits have none. Only what the report carries goes
 * (the same fields as the server's own service): no default integrations, so no breadcrumbs of addresses,
 * no request headers, no user, no IP address.
 */
export function sentryErrorReporter(o: { dsn: string; page: () => string }): ErrorReporter {
  let sdk: Promise<Pick<typeof import('@sentry/browser'), 'withScope' | 'captureException'>> | undefined;
  // Destructured where it is loaded, so that the bundle keeps only these of the SDK's exports.
  const loaded = () =>
    (sdk ??= import('@sentry/browser').then(({ init, dedupeIntegration, withScope, captureException }) => {
      init({
        dsn: o.dsn,
        defaultIntegrations: false,
        integrations: [dedupeIntegration()],
        // Nothing about the person: Sentry would otherwise take their IP address from the request (infer_ip).
        dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      });
      return { withScope, captureException };
    }));

  return {
    report(error, context) {
      const report = reportOf(error, context, o.page());
      void loaded().then((Sentry) => {
        Sentry.withScope((scope) => {
          if (report.correlationId) scope.setTag('correlationId', report.correlationId);
          scope.setTag('page', report.page);
          if (report.context) scope.setContext('failure', report.context);
          Sentry.captureException(error instanceof Error ? error : new Error(report.message));
        });
      });
    },
  };
}
