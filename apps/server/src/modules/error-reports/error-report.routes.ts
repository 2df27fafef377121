import { ERROR_REPORTS_PATH, errorReportBatchSchema, errorReportsAcceptedSchema } from '@shoebox/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { AccessTokenVerifier } from '../../platform/auth/access-token.js';
import { clientAddressOf } from '../../platform/http/client-address.js';
import type { ErrorReportService } from './error-report.service.js';
import { ERROR_REPORTS_PER_CLIENT_PER_MINUTE, ERROR_REPORTS_PER_MINUTE } from './error-report.service.js';

/**
 * The embedded error service (spec §8, decision 108): public, as a failure may come before sign-in or be the
 * sign-in's own; a valid access token names the customer, any other is no reason to lose the report.
 */
export const errorReportRoutes = (o: { service: ErrorReportService; verify: AccessTokenVerifier; trustProxy: boolean }): FastifyPluginAsync => async (app) => {
  route(
    app,
    {
      method: 'POST',
      url: ERROR_REPORTS_PATH,
      summary: "Records the browser's error reports, where the operator reads them (`npm run error-reports`)",
      description:
        `Signed in or not: a valid access token names the customer, nothing else identifies anyone. Addresses' query values, email addresses ` +
        `and token-like words are replaced before a report is kept. More than ${ERROR_REPORTS_PER_CLIENT_PER_MINUTE} reports a minute from ` +
        `one client address, or ${ERROR_REPORTS_PER_MINUTE} for the whole service, is a 429 with Retry-After, and none of the request's is kept.`,
      body: errorReportBatchSchema,
      response: { 202: errorReportsAcceptedSchema },
    },
    async ({ request, body }) =>
      o.service.receive({ reports: body.reports, customerId: await customerOf(request, o.verify), client: clientAddressOf(request.raw, o.trustProxy) }),
  );
};

async function customerOf(request: FastifyRequest, verify: AccessTokenVerifier): Promise<string | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    return (await verify(header.slice('Bearer '.length).trim())).customerId;
  } catch {
    // An expired or foreign token is often the very failure being reported.
    return null;
  }
}
