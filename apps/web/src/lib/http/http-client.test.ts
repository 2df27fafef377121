import { customerSchema } from '@shoebox/contracts';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { apiUrl, customerRecord, testConfig } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { fakeReporter } from '../../test/render-app';
import { HttpError, NetworkError, ParseError } from './errors';
import { createHttpClient } from './http-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function setup({ token = 'token-abc' as string | null } = {}) {
  const reporter = fakeReporter();
  const getAccessToken = vi.fn(async () => token ?? undefined);
  const client = createHttpClient({ config: testConfig(), getAccessToken, reporter });
  return { client, reporter, getAccessToken };
}

/** Captures the requests MSW sees for one URL pattern and answers them with `answer`. */
function capture(method: 'get' | 'post' | 'put', url: string, answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  server.use(
    http[method](url, ({ request }) => {
      requests.push(request.clone());
      return answer();
    }),
  );
  return requests;
}

describe('http client: what every call carries', () => {
  test('sends the bearer token and a fresh x-correlationid on every call, and parses the answer with the contract', async () => {
    const { client } = setup();
    const requests = capture('get', apiUrl('customers', '/customers/me'), () => HttpResponse.json(customerRecord()));

    const first = await client('customers', '/customers/me', { schema: customerSchema });
    await client('customers', '/customers/me', { schema: customerSchema });

    expect(first).toEqual(customerRecord());
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe('Bearer token-abc');
      expect(request.headers.get('x-correlationid')).toMatch(UUID);
      expect(request.headers.get('accept')).toBe('application/json');
    }
    expect(requests[0]?.headers.get('x-correlationid')).not.toBe(requests[1]?.headers.get('x-correlationid'));
  });

  test('an anonymous call carries no Authorization header and never asks for a token, but still has a correlation id', async () => {
    const { client, getAccessToken } = setup();
    const requests = capture('post', apiUrl('emailGateway', '/api/v1/Profiles/a%40b.com/subscription/confirm/t1'), () => new HttpResponse(null, { status: 204 }));

    await expect(client('emailGateway', '/api/v1/Profiles/a%40b.com/subscription/confirm/t1', { method: 'POST', anonymous: true })).resolves.toBeUndefined();

    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.headers.get('x-correlationid')).toMatch(UUID);
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  test('a signed-out caller sends no Authorization header', async () => {
    const { client } = setup({ token: null });
    const requests = capture('get', apiUrl('customers', '/customers/me'), () => HttpResponse.json(customerRecord()));
    await client('customers', '/customers/me', { schema: customerSchema });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  test('joins the service base and path, sets defined query values only, and sends a JSON body', async () => {
    const { client } = setup();
    const requests = capture('put', apiUrl('customers', '/customers/me'), () => new HttpResponse(null, { status: 204 }));

    await client('customers', '/customers/me', {
      method: 'PUT',
      body: { firstName: 'Ada', lastName: 'Byron', phone: null },
      query: { offset: 0, limit: 10, expand: true, missing: undefined },
    });

    const request = requests[0] as Request;
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('http://api.test/customer/customers/me');
    expect(Object.fromEntries(url.searchParams)).toEqual({ offset: '0', limit: '10', expand: 'true' });
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ firstName: 'Ada', lastName: 'Byron', phone: null });
  });
});

describe('http client: failures', () => {
  test('a non-OK answer rejects with an HttpError carrying the text, status and URL, reported with its correlation id', async () => {
    const { client, reporter } = setup();
    const requests = capture('get', apiUrl('orders', '/v1/superorders/:code'), () => new HttpResponse('Order not found', { status: 404 }));

    const error = await client('orders', '/v1/superorders/PH-1234', { schema: customerSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.text).toBe('Order not found');
    expect(httpError.status).toBe(404);
    expect(httpError.url).toBe('http://api.test/orders/v1/superorders/PH-1234');
    const correlationId = requests[0]?.headers.get('x-correlationid');
    expect(httpError.correlationId).toBe(correlationId);
    expect(reporter.report).toHaveBeenCalledTimes(1);
    expect(reporter.report).toHaveBeenCalledWith(httpError, expect.objectContaining({ correlationId, method: 'GET', url: httpError.url }));
  });

  test('a status the caller handles itself still rejects with its HttpError, but is not reported; any other status is', async () => {
    const { client, reporter } = setup();
    capture('get', apiUrl('orders', '/uploads/:code'), () => new HttpResponse('', { status: 404 }));
    capture('get', apiUrl('widgets', '/v1/widget/:id'), () => new HttpResponse('', { status: 500 }));

    const handled = await client('orders', '/uploads/SO-1', { schema: customerSchema, handled: [404] }).catch((e: unknown) => e);
    expect(handled).toBeInstanceOf(HttpError);
    expect((handled as HttpError).status).toBe(404);
    expect(reporter.report).not.toHaveBeenCalled();

    const other = await client('widgets', '/v1/widget/w-1', { schema: customerSchema, handled: [401] }).catch((e: unknown) => e);
    expect((other as HttpError).status).toBe(500);
    expect(reporter.report).toHaveBeenCalledWith(other, expect.anything());
  });

  test('a network failure rejects with a NetworkError named by the method and the path without digits', async () => {
    const { client, reporter } = setup();
    const requests = capture('get', apiUrl('customers', '/customers/me/addresses/:id'), () => HttpResponse.error());

    const error = await client('customers', '/customers/me/addresses/4711', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('GET /customer/customers/me/addresses/');
    const correlationId = requests[0]?.headers.get('x-correlationid');
    expect((error as NetworkError).correlationId).toBe(correlationId);
    expect(reporter.report).toHaveBeenCalledWith(error, expect.objectContaining({ correlationId, method: 'GET' }));
  });

  test('an answer that does not match the contract rejects with "Failed to parse response!" and is reported', async () => {
    const { client, reporter } = setup();
    const requests = capture('get', apiUrl('customers', '/customers/me'), () => HttpResponse.json({ id: 'c-1', email: 'not an email' }));

    const error = await client('customers', '/customers/me', { schema: customerSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toBe('Failed to parse response!');
    expect(reporter.report).toHaveBeenCalledWith(error, expect.objectContaining({ correlationId: requests[0]?.headers.get('x-correlationid') }));
  });

  test('an answer that is not JSON at all is a ParseError too', async () => {
    const { client, reporter } = setup();
    capture('get', apiUrl('customers', '/customers/me'), () => new HttpResponse('<html>gateway</html>', { headers: { 'Content-Type': 'text/html' } }));

    await expect(client('customers', '/customers/me', { schema: customerSchema })).rejects.toThrow('Failed to parse response!');
    expect(reporter.report).toHaveBeenCalledTimes(1);
  });

  test('an aborted request rejects with an AbortError and is not reported', async () => {
    const { client, reporter } = setup();
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    server.use(
      http.get(apiUrl('customers', '/customers/me'), async () => {
        reached();
        await delay('infinite');
        return HttpResponse.json(customerRecord());
      }),
    );
    const controller = new AbortController();

    const pending = client('customers', '/customers/me', { schema: customerSchema, signal: controller.signal });
    await arrived;
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(reporter.report).not.toHaveBeenCalled();
  });

  test('a request aborted before it is sent is not reported either', async () => {
    const { client, reporter } = setup();
    const controller = new AbortController();
    controller.abort();

    await expect(client('customers', '/customers/me', { schema: customerSchema, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(reporter.report).not.toHaveBeenCalled();
  });

  test('a request aborted while its body is arriving rejects with an AbortError and is not reported', async () => {
    const reporter = fakeReporter();
    const browserLikeFetch: typeof fetch = async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"id":"cust-1001","email":'));
          init?.signal?.addEventListener('abort', () => stream.error(new DOMException('The operation was aborted.', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const client = createHttpClient({ config: testConfig(), getAccessToken: async () => 'token-abc', reporter, fetch: browserLikeFetch });
    const controller = new AbortController();

    const pending = client('customers', '/customers/me', { schema: customerSchema, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();

    const error = await pending.catch((e: unknown) => e);
    expect(reporter.report).not.toHaveBeenCalled();
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
