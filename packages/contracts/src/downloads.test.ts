import { describe, expect, it } from 'vitest';
import { downloadIdParamsSchema, downloadRequestSchema } from './downloads.js';

describe('download ids', () => {
  // Letters in both halves, so each spelling below differs from the lower-case one (a random uuid may have none).
  const id = '3f2a9c1e-7b4d-4e8a-9f60-c2d1b7a4e5f9';

  it('take a uuid as browsers make it (lower case)', () => {
    expect(downloadRequestSchema.safeParse({ id, photos: ['p-1'] }).success).toBe(true);
    expect(downloadIdParamsSchema.safeParse({ id }).success).toBe(true);
  });

  it('refuse the same uuid in upper or mixed case, which would name another archive', () => {
    for (const spelling of [id.toUpperCase(), id.slice(0, 8).toUpperCase() + id.slice(8)]) {
      expect(downloadRequestSchema.safeParse({ id: spelling, photos: ['p-1'] }).success, spelling).toBe(false);
      expect(downloadIdParamsSchema.safeParse({ id: spelling }).success, spelling).toBe(false);
    }
  });
});
