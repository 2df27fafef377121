import { errorReportSchema } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';
import { reportOf } from './report-of';

describe('reportOf', () => {
  test('names the failure, its correlation id and the page, and keeps context as text without query values', () => {
    const error = new TypeError('Failed to fetch');

    const report = reportOf(error, { correlationId: 'c0ffee-1', method: 'GET', url: 'https://api.test/invoices/pdf?sig=secret', status: 503, retried: true }, '/orders/1');

    expect(report).toEqual({
      name: 'TypeError',
      message: 'Failed to fetch',
      correlationId: 'c0ffee-1',
      page: '/orders/1',
      context: { method: 'GET', url: 'https://api.test/invoices/pdf', status: '503', retried: 'true' },
    });
    expect(errorReportSchema.parse(report)).toEqual(report);
  });

  test('makes anything thrown into a report the service takes: long, multi-line, odd characters, no message at all', () => {
    const odd = [
      new Error(`line one\nline two\u0000\u202Eevil ${'x'.repeat(600)}`),
      new Error(`${'a'.repeat(499)}😀 cut inside the pair`),
      { code: 42 },
      undefined,
      'a plain string',
      new Error('   '),
    ];
    const manyKeys = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, i]));

    const reports = odd.map((error) => reportOf(error, { ...manyKeys, 'bad key!': 'x', correlationId: 'not an id' }, '/photos'));

    for (const report of reports) {
      expect(errorReportSchema.safeParse(report).error?.issues).toBeUndefined();
      expect(report.correlationId).toBeUndefined();
      expect(Object.keys(report.context ?? {})).toHaveLength(12);
    }
    expect(reports[0]!.message.startsWith('line one line two evil x')).toBe(true);
    expect(reports[1]!.message).toBe('a'.repeat(499));
    expect(reports.slice(2).map((r) => r.message)).toEqual(['{"code":42}', 'undefined', 'a plain string', 'Unknown error']);
  });
});
