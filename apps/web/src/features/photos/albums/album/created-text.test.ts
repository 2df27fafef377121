import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import albums from '../../../../../public/locales/en-GB/albums.json';
import { createdText } from './created-text';

let t: TFunction<'albums'>;
beforeAll(() => {
  i18next.addResourceBundle('en-GB', 'albums', albums, true, true);
  t = i18next.getFixedT('en-GB', 'albums');
});

describe("an album's created text, in the viewer's time zone", () => {
  // Half past midnight: 'yesterday' is the calendar day before, not 24 hours before.
  const now = new Date(2026, 10, 29, 0, 30);

  test("'Created today' from the day's first minute", () => {
    expect(createdText(t, new Date(2026, 10, 29, 0, 0).toISOString(), now)).toBe('Created today');
  });

  test("'Created yesterday' for the whole of the day before, also less than an hour ago", () => {
    expect(createdText(t, new Date(2026, 10, 28, 23, 59).toISOString(), now)).toBe('Created yesterday');
    expect(createdText(t, new Date(2026, 10, 28, 0, 1).toISOString(), now)).toBe('Created yesterday');
  });

  test("'Created {date}' as dd MMM yyyy before that, across a month's and a year's turn", () => {
    expect(createdText(t, new Date(2026, 10, 27, 23, 59).toISOString(), now)).toBe('Created 27 Nov 2026');
    expect(createdText(t, new Date(2026, 0, 1, 0, 0).toISOString(), new Date(2026, 0, 2, 9, 0))).toBe('Created yesterday');
    expect(createdText(t, new Date(2025, 11, 31, 12, 0).toISOString(), new Date(2026, 0, 1, 9, 0))).toBe('Created yesterday');
    expect(createdText(t, new Date(2025, 11, 30, 12, 0).toISOString(), new Date(2026, 0, 1, 9, 0))).toBe('Created 30 Dec 2025');
  });
});
