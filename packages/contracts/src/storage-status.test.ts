import { describe, expect, it } from 'vitest';
import { deletionInfoSchema, projectedDeletionDate, storageOutlook, wholeMonthsBetween, STORAGE_PERIOD_MONTHS } from './index.js';

const at = (iso: string) => new Date(iso);
const projected = (iso: string) => projectedDeletionDate(at(iso)).toISOString();

describe('projectedDeletionDate', () => {
  it('is 18 months after the anchor, same day and time', () => {
    expect(STORAGE_PERIOD_MONTHS).toBe(18);
    expect(projected('2024-01-15T00:00:00.000Z')).toBe('2025-07-15T00:00:00.000Z');
    expect(projected('2024-07-31T23:59:59.999Z')).toBe('2026-01-31T23:59:59.999Z');
    expect(projected('2024-02-29T08:00:00.000Z')).toBe('2025-08-29T08:00:00.000Z');
  });

  it('falls on the last day of a shorter month: 31 Aug + 18 months is 28 Feb, or 29 Feb in a leap year', () => {
    expect(projected('2023-08-31T13:45:00.000Z')).toBe('2025-02-28T13:45:00.000Z');
    expect(projected('2022-08-31T13:45:00.000Z')).toBe('2024-02-29T13:45:00.000Z');
    expect(projected('2023-10-31T00:00:00.000Z')).toBe('2025-04-30T00:00:00.000Z');
    expect(projected('2022-08-30T00:00:00.000Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(projected('2024-05-31T12:00:00.000Z')).toBe('2025-11-30T12:00:00.000Z');
  });

  it('leaves its argument alone', () => {
    const anchor = at('2023-08-31T13:45:00.000Z');
    projectedDeletionDate(anchor);
    expect(anchor.toISOString()).toBe('2023-08-31T13:45:00.000Z');
  });
});

describe('wholeMonthsBetween', () => {
  it('counts a month once its day of the month is reached', () => {
    expect(wholeMonthsBetween(at('2024-03-10T12:00:00Z'), at('2024-06-10T00:00:00Z'))).toBe(3);
    expect(wholeMonthsBetween(at('2024-03-10T12:00:00Z'), at('2024-06-09T23:59:59Z'))).toBe(2);
    expect(wholeMonthsBetween(at('2024-01-31T00:00:00Z'), at('2024-02-29T00:00:00Z'))).toBe(0);
    expect(wholeMonthsBetween(at('2023-12-15T00:00:00Z'), at('2025-06-15T00:00:00Z'))).toBe(18);
    expect(wholeMonthsBetween(at('2024-05-10T00:00:00Z'), at('2024-03-10T00:00:00Z'))).toBe(-2);
  });
});

describe('storageOutlook', () => {
  const now = at('2024-03-10T12:00:00.000Z');
  const outlook = (deletion: string, when = now) => storageOutlook(deletion, when);

  it('is safe at 3 months or more', () => {
    expect(outlook('2024-06-10T00:00:00.000Z')).toEqual({ monthsRemaining: 3, daysRemaining: 92, status: 'safe' });
    expect(outlook('2025-09-10T12:00:00.000Z')).toMatchObject({ monthsRemaining: 18, status: 'safe' });
  });

  it('is a warning from 1 to under 3 months', () => {
    expect(outlook('2024-06-09T23:59:59.000Z')).toMatchObject({ monthsRemaining: 2, status: 'warning' });
    expect(outlook('2024-04-10T00:00:00.000Z')).toEqual({ monthsRemaining: 1, daysRemaining: 31, status: 'warning' });
  });

  it('is critical under 1 month', () => {
    expect(outlook('2024-04-09T23:00:00.000Z')).toEqual({ monthsRemaining: 0, daysRemaining: 30, status: 'critical' });
  });

  it('counts calendar days: tomorrow is 1, later today is 0, whatever the time', () => {
    expect(outlook('2024-03-11T00:00:00.000Z')).toEqual({ monthsRemaining: 0, daysRemaining: 1, status: 'critical' });
    expect(outlook('2024-03-11T23:59:59.999Z')).toMatchObject({ daysRemaining: 1 });
    expect(outlook('2024-03-10T23:59:59.000Z')).toEqual({ monthsRemaining: 0, daysRemaining: 0, status: 'critical' });
    expect(outlook('2024-03-10T00:00:00.000Z')).toMatchObject({ daysRemaining: 0, status: 'critical' });
    // Half an hour apart, but across midnight: tomorrow.
    expect(outlook('2024-03-11T00:30:00.000Z', at('2024-03-10T23:30:00.000Z'))).toMatchObject({ daysRemaining: 1 });
    // Across a month end and a leap day.
    expect(outlook('2024-03-01T00:00:00.000Z', at('2024-02-28T23:00:00.000Z'))).toMatchObject({ daysRemaining: 2 });
  });

  it('never answers negative months once the date has passed', () => {
    expect(outlook('2024-03-01T00:00:00.000Z')).toEqual({ monthsRemaining: 0, daysRemaining: -9, status: 'critical' });
  });

  it('reads what the deletion-info service answers', () => {
    const info = deletionInfoSchema.parse({
      lastOrderDate: '2023-08-31T10:00:00.000Z',
      projectCount: 0,
      projectedDeletionDate: projectedDeletionDate(at('2023-08-31T10:00:00.000Z')).toISOString(),
      registrationDate: '2020-01-01T00:00:00.000Z',
    });
    expect(storageOutlook(info.projectedDeletionDate, at('2025-02-27T09:00:00.000Z'))).toEqual({ monthsRemaining: 0, daysRemaining: 1, status: 'critical' });
    expect(storageOutlook(info.projectedDeletionDate, at('2024-11-28T09:00:00.000Z'))).toMatchObject({ monthsRemaining: 3, status: 'safe' });
    expect(deletionInfoSchema.safeParse({ ...info, projectCount: -1 }).success).toBe(false);
    expect(deletionInfoSchema.safeParse({ ...info, projectedDeletionDate: '28/02/2025' }).success).toBe(false);
  });
});
