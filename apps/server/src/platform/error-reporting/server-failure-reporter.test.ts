import { describe, expect, it } from 'vitest';
import { SERVER_FAILURES_PER_MINUTE, serverFailureReporter, type ServerFailure } from './server-failure-reporter.js';

const failure = (where: string, correlationId = 'c-1'): ServerFailure => ({ correlationId, source: 'request', where });

describe('the server failure reporter', () => {
  function reporter() {
    let clock = 120_000;
    const sent: { message: string; failure: ServerFailure }[] = [];
    const warnings: string[] = [];
    const failures = serverFailureReporter({ warn: (_details, message) => void warnings.push(message) }, () => clock);
    return { failures, sent, warnings, tick: (ms: number) => (clock += ms), sink: { send: async (error: Error, f: ServerFailure) => void sent.push({ message: error.message, failure: f }) } };
  }

  it('sends nothing before it is connected, then each failure with where it happened', async () => {
    const { failures, sent, sink } = reporter();
    failures.report(new Error('before'), failure('GET /a'));
    failures.connect(sink);
    failures.report(new TypeError('after'), failure('GET /a', 'c-2'));
    failures.report('not an Error', failure('job x', 'c-3'));
    expect(sent).toEqual([
      { message: 'after', failure: failure('GET /a', 'c-2') },
      { message: 'not an Error', failure: failure('job x', 'c-3') },
    ]);
  });

  it('sends the same failure in the same place once a minute, and at most its share of failures a minute', () => {
    const { failures, sent, sink, tick } = reporter();
    failures.connect(sink);
    for (let i = 0; i < 5; i++) failures.report(new Error('table missing'), failure('GET /a', `c-${i}`));
    failures.report(new Error('table missing'), failure('GET /b'));
    expect(sent.map((s) => s.failure.where)).toEqual(['GET /a', 'GET /b']);

    for (let i = 0; i < 2 * SERVER_FAILURES_PER_MINUTE; i++) failures.report(new Error(`distinct ${i}`), failure('GET /c'));
    expect(sent).toHaveLength(SERVER_FAILURES_PER_MINUTE);
    tick(60_000);
    failures.report(new Error('table missing'), failure('GET /a'));
    expect(sent).toHaveLength(SERVER_FAILURES_PER_MINUTE + 1);
  });

  it('a sink that fails is only logged: the request that failed is not failed twice', async () => {
    const { failures, warnings } = reporter();
    failures.connect({ send: async () => Promise.reject(new Error('service down')) });
    expect(() => failures.report(new Error('boom'), failure('GET /a'))).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual(['Sending a failure to the error service failed; it is in this log']);
  });
});
