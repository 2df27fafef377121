import type { FailureSink } from './server-failure-reporter.js';

/**
 * The server's failures to a Sentry project (or GlitchTip) through Sentry's official SDK core: the client the Node
 * SDK builds on, without its OpenTelemetry instrumentation of every request (decision 117). Loaded only when
 * `SENTRY_DSN` is set. Nothing about the person goes: no request, no headers, no IP address, no server name;
 * the customer's id alone, as in the embedded service.
 */
export async function sentryFailureSink(o: { dsn: string; release: string; environment?: string }): Promise<FailureSink> {
  const [{ Scope, createTransport, createStackParser, dedupeIntegration }, { ServerRuntimeClient, nodeStackLineParser }] = await Promise.all([import('@sentry/core'), import('@sentry/core/server')]);
  const client = new ServerRuntimeClient({
    dsn: o.dsn,
    release: o.release,
    environment: o.environment,
    integrations: [dedupeIntegration()],
    stackParser: createStackParser(nodeStackLineParser()),
    sendDefaultPii: false,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    transport: (options) =>
      createTransport(options, async (request) => {
        const response = await fetch(options.url, { method: 'POST', body: request.body as BodyInit, signal: AbortSignal.timeout(10_000) });
        return { statusCode: response.status, headers: { 'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'), 'retry-after': response.headers.get('retry-after') } };
      }),
  });
  client.init();

  return {
    async send(error, failure) {
      const scope = new Scope();
      scope.setClient(client);
      scope.setTag('correlationId', failure.correlationId);
      scope.setTag('source', failure.source);
      scope.setTag('where', failure.where);
      if (failure.customerId) scope.setUser({ id: failure.customerId });
      client.captureException(error, undefined, scope);
      await client.flush(10_000);
    },
  };
}
