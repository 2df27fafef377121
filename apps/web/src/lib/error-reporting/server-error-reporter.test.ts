import { errorReportBatchSchema } from '@shoebox/contracts';
import { describe, expect, test, vi } from 'vitest';
import { waitForCondition } from '../../test/wait';
import { bufferedErrorReporter } from './buffered-error-reporter';
import { REPORTS_PER_PAGE_LOAD, serverErrorReporter } from './server-error-reporter';

const URL_ = 'http://api.test/error-reporting/reports';

function fakeService(status = 202, headers: Record<string, string> = {}) {
  const calls: { body: unknown; headers: Record<string, string>; keepalive?: boolean }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ body: JSON.parse(String(init?.body)), headers: init?.headers as Record<string, string>, keepalive: init?.keepalive });
    return new Response(status === 202 ? '{"accepted":1}' : '{}', { status, headers });
  });
  return { fetch, calls };
}

const reporterWith = (service: ReturnType<typeof fakeService>, token?: string) =>
  serverErrorReporter({ url: URL_, accessToken: async () => token, page: () => '/photos', fetch: service.fetch, delayMs: 5 });

describe('serverErrorReporter', () => {
  test('sends what failed within a moment in one request, with the access token that names the customer', async () => {
    const service = fakeService();
    const reporter = reporterWith(service, 'the-token');

    reporter.report(new Error('one'), { correlationId: 'c-1' });
    reporter.report(new Error('two'), {});
    reporter.report(new Error('one'), { correlationId: 'c-1' });

    await waitForCondition(() => expect(service.calls).toHaveLength(1));
    expect(service.fetch).toHaveBeenCalledWith(URL_, expect.objectContaining({ method: 'POST' }));
    expect(service.calls[0]!.headers.Authorization).toBe('Bearer the-token');
    const batch = errorReportBatchSchema.parse(service.calls[0]!.body);
    // The same failure twice in one batch is one report.
    expect(batch.reports.map((r) => [r.message, r.correlationId, r.page])).toEqual([
      ['one', 'c-1', '/photos'],
      ['two', undefined, '/photos'],
    ]);
  });

  test('sends ten to a request, stops at its share of a page load, and waits as long as a 429 says', async () => {
    const service = fakeService();
    const reporter = reporterWith(service);

    for (let i = 0; i < REPORTS_PER_PAGE_LOAD + 5; i++) reporter.report(new Error(`failure ${i}`), {});

    await waitForCondition(() => expect(service.calls).toHaveLength(REPORTS_PER_PAGE_LOAD / 10));
    expect(service.calls.flatMap((c) => (c.body as { reports: unknown[] }).reports)).toHaveLength(REPORTS_PER_PAGE_LOAD);

    const busy = fakeService(429, { 'retry-after': '30' });
    const paused = reporterWith(busy);
    paused.report(new Error('refused'), {});
    await waitForCondition(() => expect(busy.calls).toHaveLength(1));
    paused.report(new Error('while paused'), {});
    await paused.flush();
    expect(busy.calls).toHaveLength(1);
  });

  test('a page being left sends its last reports with keepalive', async () => {
    const service = fakeService();
    const reporter = serverErrorReporter({ url: URL_, accessToken: async () => undefined, page: () => '/', fetch: service.fetch, delayMs: 60_000 });

    reporter.report(new Error('last words'), {});
    window.dispatchEvent(new Event('pagehide'));

    await waitForCondition(() => expect(service.calls).toHaveLength(1));
    expect(service.calls[0]).toMatchObject({ keepalive: true, headers: { 'Content-Type': 'application/json' } });
  });

  test('a lost connection loses the batch quietly: the console has it, and nothing loops', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const reporter = serverErrorReporter({ url: URL_, accessToken: async () => undefined, page: () => '/', fetch, delayMs: 5 });

    reporter.report(new Error('offline'), {});
    await waitForCondition(() => expect(fetch).toHaveBeenCalledTimes(1));
    await reporter.flush();

    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('bufferedErrorReporter', () => {
  test('logs every failure at once, loads the error service with the first one it can send, and sends those from before', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reporter = bufferedErrorReporter();
    const target = { report: vi.fn() };
    const load = vi.fn(async () => target);
    const other = vi.fn(async () => ({ report: vi.fn() }));

    reporter.report(new Error('early'), { phase: 'start-up' });
    reporter.connect(load);
    reporter.report(new Error('later'), {});
    reporter.connect(other);
    reporter.report(new Error('after a second connect'), {});

    expect(consoleError).toHaveBeenCalledTimes(3);
    await waitForCondition(() => expect(target.report).toHaveBeenCalledTimes(3));
    expect(target.report.mock.calls.map(([error]) => (error as Error).message)).toEqual(['early', 'later', 'after a second connect']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  test('loads nothing while nothing fails', () => {
    const load = vi.fn(async () => ({ report: vi.fn() }));
    bufferedErrorReporter().connect(load);
    expect(load).not.toHaveBeenCalled();
  });
});
