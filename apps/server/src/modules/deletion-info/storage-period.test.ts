import { describe, expect, it } from 'vitest';
import { storagePeriodEnd, toldDeletionDate, type StoragePeriodFacts } from './storage-period.js';

const facts = (f: Partial<StoragePeriodFacts>): StoragePeriodFacts => ({
  registeredAt: '2022-01-10T00:00:00.000Z',
  lastOrderAt: null,
  emptiedAt: null,
  firstPhotoAt: null,
  ...f,
});
const end = (f: Partial<StoragePeriodFacts>) => storagePeriodEnd(facts(f)).toISOString();

describe('storagePeriodEnd', () => {
  it('is 18 months after registration without an order, after the last order with one', () => {
    expect(end({})).toBe('2023-07-10T00:00:00.000Z');
    expect(end({ lastOrderAt: '2023-08-31T10:00:00.000Z' })).toBe('2025-02-28T10:00:00.000Z');
  });

  it('counts from the last order even when it is dated before the registration: registration only counts for a customer who never ordered', () => {
    expect(end({ registeredAt: '2024-03-01T00:00:00.000Z', lastOrderAt: '2023-01-01T00:00:00.000Z' })).toBe('2024-07-01T00:00:00.000Z');
  });

  it('after an emptying: from the emptying while the library is empty, from the first upload after it otherwise', () => {
    const emptied = { lastOrderAt: '2023-06-01T09:00:00.000Z', emptiedAt: '2024-12-03T07:05:00.000Z' };
    expect(end({ ...emptied, firstPhotoAt: null })).toBe('2026-06-03T07:05:00.000Z');
    expect(end({ ...emptied, firstPhotoAt: '2025-03-31T10:00:00.000Z' })).toBe('2026-09-30T10:00:00.000Z');
    // A photo the emptying did not reach (uploaded while it ran) does not date the new period before it.
    expect(end({ ...emptied, firstPhotoAt: '2024-12-03T07:00:00.000Z' })).toBe('2026-06-03T07:05:00.000Z');
    expect(end({ ...emptied, firstPhotoAt: '2025-03-31T10:00:00.000Z', lastOrderAt: '2025-04-20T08:00:00.000Z' })).toBe('2026-10-20T08:00:00.000Z');
  });

  it('ignores photos before any emptying: uploads do not restart a period', () => {
    expect(end({ lastOrderAt: '2023-06-01T09:00:00.000Z', firstPhotoAt: '2024-01-01T00:00:00.000Z' })).toBe('2024-12-01T09:00:00.000Z');
  });
});

describe('toldDeletionDate', () => {
  const computed = new Date('2025-11-30T12:00:00.000Z');

  it('answers the told date while the sequence belongs to the computed end and the date is later', () => {
    expect(toldDeletionDate(computed, { period_end: '2025-11-30T12:00:00.000Z', deletion_at: '2025-12-05T07:00:00.000Z' }).toISOString()).toBe('2025-12-05T07:00:00.000Z');
  });

  it('answers the computed end without a sequence, for another end’s sequence, or for a told date not later', () => {
    expect(toldDeletionDate(computed, undefined)).toEqual(computed);
    expect(toldDeletionDate(computed, { period_end: '2025-10-01T00:00:00.000Z', deletion_at: '2025-12-05T07:00:00.000Z' })).toEqual(computed);
    expect(toldDeletionDate(computed, { period_end: '2025-11-30T12:00:00.000Z', deletion_at: '2025-11-29T07:00:00.000Z' })).toEqual(computed);
  });
});
