import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { apiErrorSchema } from './errors.js';

describe('the JSON error shape', () => {
  const base = { status: 422, error: 'too_large', message: 'This file is too big (61 MB). Photos can be up to 50 MB.', correlationId: 'c-1' };

  test('keeps the numbers a client needs to say a refusal in its own words', () => {
    expect(z.parse(apiErrorSchema, { ...base, params: { bytes: 63_963_136, maxBytes: 52_428_800 } }).params).toEqual({ bytes: 63_963_136, maxBytes: 52_428_800 });
  });

  test('an answer without params, as every other refusal gives, still parses', () => {
    expect(z.parse(apiErrorSchema, base)).toEqual(base);
  });

  test('params hold only numbers and texts, nothing nested', () => {
    expect(z.safeParse(apiErrorSchema, { ...base, params: { nested: { a: 1 } } }).success).toBe(false);
  });
});
