import { describe, expect, test } from 'vitest';
import { formatDate, knownDateTaken, parseWallClock } from './photo-dates';

describe('dates taken', () => {
  test('are read as the wall-clock time the camera recorded, whatever its offset', () => {
    const date = parseWallClock('2024-06-03T21:15:09+09:00');
    expect(date && formatDate(date, "d MMMM yyyy 'at' HH:mm:ss")).toBe('3 June 2024 at 21:15:09');
    expect(formatDate(parseWallClock('2024-06-03T07:05:00')!, "d MMMM yyyy 'at' HH:mm:ss")).toBe('3 June 2024 at 07:05:00');
  });

  test('1 January 1970 (at any time) and a missing or unreadable date are unknown', () => {
    expect(knownDateTaken('1970-01-01T00:00:00')).toBeUndefined();
    expect(knownDateTaken('1970-01-01T13:45:00+01:00')).toBeUndefined();
    expect(knownDateTaken(undefined)).toBeUndefined();
    expect(knownDateTaken('yesterday')).toBeUndefined();
    expect(knownDateTaken('1970-01-02T00:00:00')).toBeInstanceOf(Date);
  });
});
