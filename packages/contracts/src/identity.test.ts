import { describe, expect, it } from 'vitest';
import { identityClaimsSchema, isBusinessAuthMethod } from './index.js';

describe('isBusinessAuthMethod', () => {
  it.each(['b2b', 'B2B', 'B2b'])('treats %s as a business sign-in', (value) => {
    expect(isBusinessAuthMethod(value)).toBe(true);
  });

  it.each(['b2c', '', ' b2b', 'b2b2c', undefined, null, 1, ['b2b']])('treats %j as a consumer sign-in', (value) => {
    expect(isBusinessAuthMethod(value)).toBe(false);
  });
});

describe('identityClaimsSchema', () => {
  const claims = { sub: 'c-1', email: 'emma@example.com', idp_type: 'shoebox', idp_sub: 'i-1' };

  it('accepts a token without auth_method', () => {
    expect(identityClaimsSchema.parse(claims)).toEqual(claims);
  });

  it('rejects a token without a subject or with a malformed email', () => {
    expect(identityClaimsSchema.safeParse({ ...claims, sub: '' }).success).toBe(false);
    expect(identityClaimsSchema.safeParse({ ...claims, email: 'not-an-email' }).success).toBe(false);
  });
});
