import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressSchema } from './email-address.js';

const valid = (address: string) => z.safeParse(emailAddressSchema(), address).success;

describe('an email address to be mailed', () => {
  test('has domain labels of at most 63 characters', () => {
    expect(valid(`emma@${'a'.repeat(63)}.example.com`)).toBe(true);
    expect(valid(`emma@${'a'.repeat(64)}.example.com`)).toBe(false);
    expect(valid(`emma@${'a'.repeat(250)}.com`)).toBe(false);
  });

  test(`is at most ${EMAIL_ADDRESS_MAX_LENGTH} characters`, () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    expect(valid(`${'e'.repeat(EMAIL_ADDRESS_MAX_LENGTH - domain.length - 1)}@${domain}`)).toBe(true);
    expect(valid(`${'e'.repeat(EMAIL_ADDRESS_MAX_LENGTH - domain.length)}@${domain}`)).toBe(false);
  });

  test('is an address', () => {
    expect(valid('emma@example.com')).toBe(true);
    for (const bad of ['emma', 'emma@', '@example.com', 'emma@@example.com', 'emma@example..com']) expect(valid(bad), bad).toBe(false);
  });
});
