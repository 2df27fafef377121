import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { server } from '../../test/msw-server';
import { CONDITION_TIMEOUT_MS } from '../../test/wait';
import { sentryErrorReporter } from './sentry-error-reporter';

const DSN = 'https://0123456789abcdef@sentry.example.test/42';

test('sends a failure to the Sentry project of the DSN, with its correlation id and page, through the official SDK', async () => {
  const envelopes: string[] = [];
  server.use(
    http.post('https://sentry.example.test/api/42/envelope/', async ({ request }) => {
      envelopes.push(await request.text());
      return HttpResponse.json({});
    }),
  );
  const reporter = sentryErrorReporter({ dsn: DSN, page: () => '/orders' });

  reporter.report(new Error('Order not found'), { correlationId: 'c0ffee-7', url: 'https://api.test/orders/1?token=secret' });

  await expect.poll(() => envelopes.length, { timeout: CONDITION_TIMEOUT_MS }).toBe(1);
  const [header, , payload] = envelopes[0]!.split('\n');
  expect(JSON.parse(header!).trace.public_key).toBe('0123456789abcdef');
  const event = JSON.parse(payload!);
  expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'Order not found' });
  expect(event.tags).toEqual({ correlationId: 'c0ffee-7', page: '/orders' });
  expect(event.contexts.failure).toEqual({ url: 'https://api.test/orders/1' });
  // No default integrations and no data collection: no user, no IP address, no request headers or address, no breadcrumbs.
  expect(event.sdk.settings.infer_ip).toBe('never');
  expect(event.user).toBeUndefined();
  expect(event.request).toBeUndefined();
  expect(event.breadcrumbs).toBeUndefined();
});
