import { describe, expect, test } from 'vitest';
import { HttpError } from './errors';
import { readServerRefusal, serverRefusalOf } from './server-refusal';

const body = (value: unknown) => JSON.stringify(value);

describe('reading a server refusal', () => {
  test('takes the code and values of the JSON error shape, and leaves the English message out', () => {
    const refusal = readServerRefusal(body({ status: 413, error: 'too_large', message: 'The file is larger than 50 MB', correlationId: 'c', params: { maxBytes: 52_428_800 } }));
    expect(refusal).toEqual({ status: 413, code: 'too_large', params: { maxBytes: 52_428_800 } });
  });

  test('a refusal from a server that sends no params still has its code', () => {
    expect(readServerRefusal(body({ status: 404, error: 'not_found', message: 'Upload not found', correlationId: 'c' }))).toEqual({ status: 404, code: 'not_found' });
  });

  test('anything that is not the error shape is no refusal: a proxy page, other JSON, nothing', () => {
    expect(readServerRefusal('<html><body>502 Bad Gateway</body></html>')).toBeUndefined();
    expect(readServerRefusal(body({ message: 'nope' }))).toBeUndefined();
    expect(readServerRefusal('')).toBeUndefined();
    expect(readServerRefusal(null)).toBeUndefined();
  });

  test('a failed call of the HTTP client carries its refusal; other errors carry none', () => {
    const failed = new HttpError(body({ status: 409, error: 'conflict', message: 'Taken', correlationId: 'c' }), 409, 'http://api.test/x', 'c');
    expect(serverRefusalOf(failed)).toEqual({ status: 409, code: 'conflict' });
    expect(serverRefusalOf(new Error('offline'))).toBeUndefined();
  });
});
