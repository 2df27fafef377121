import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { subscriptionRequestSchema } from './index.js';

describe('newsletter channel', () => {
  it('is a known storefront, by channel code or host', () => {
    for (const channel of ['www.printhaven.nl', 'www.printhaven-nordic.se', 'www.printhaven.se']) expect(z.safeParse(subscriptionRequestSchema, { channel }).success).toBe(true);
    for (const channel of ['www.example.com', 'WWW.PRINTHAVEN.NL', '', 'www.printhaven.nl\u0000']) expect(z.safeParse(subscriptionRequestSchema, { channel }).success).toBe(false);
  });
});
