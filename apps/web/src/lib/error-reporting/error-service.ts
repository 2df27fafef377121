import { ERROR_REPORTS_PATH, SERVICE_BASE_PATHS, type AppConfig } from '@shoebox/contracts';
import type { ErrorReporter } from './error-reporter';
import { sentryErrorReporter } from './sentry-error-reporter';
import { serverErrorReporter } from './server-error-reporter';

const page = () => window.location.pathname;

/**
 * The error service the configuration names (decision 108): a Sentry project when it has a DSN, else the
 * server's own; without a configuration (it failed to load), the server's own on this origin.
 */
export function errorServiceFor(config: Pick<AppConfig, 'api' | 'errorReporting'> | undefined, accessToken: () => Promise<string | undefined>): ErrorReporter {
  if (config?.errorReporting.sentryDsn) return sentryErrorReporter({ dsn: config.errorReporting.sentryDsn, page });
  const base = config?.api.errorReports ?? `${window.location.origin}${SERVICE_BASE_PATHS.errorReports}`;
  return serverErrorReporter({ url: `${base.replace(/\/$/, '')}${ERROR_REPORTS_PATH}`, accessToken, page });
}
