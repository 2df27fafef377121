import { describe, expect, it } from 'vitest';
import { dateTakenFromTags, parseExifDateTime, parseExifOffset } from './read-date-taken.js';

describe('parseExifDateTime', () => {
  it('turns the EXIF way of writing a date into a local ISO date-time', () => {
    expect(parseExifDateTime('2023:07:14 09:30:15')).toBe('2023-07-14T09:30:15');
    expect(parseExifDateTime('2023:07:14 09:30:15\0')).toBe('2023-07-14T09:30:15');
    expect(parseExifDateTime('2023:07:14 09:30:15.123+02:00')).toBe('2023-07-14T09:30:15');
    expect(parseExifDateTime('2023-07-14T09:30')).toBe('2023-07-14T09:30:00');
    expect(parseExifDateTime('2024:02:29 00:00:00')).toBe('2024-02-29T00:00:00');
  });

  it('has no date for blanks, impossible dates and an unset camera clock', () => {
    for (const value of [
      '',
      '    :  :     :  :  ',
      '0000:00:00 00:00:00',
      '2023:02:29 10:00:00',
      '2023:13:01 10:00:00',
      '2023:04:31 10:00:00',
      '2023:07:14 24:00:00',
      '2023:07:14 10:60:00',
      '1970:01:01 00:00:00',
      '1970:01:01 08:15:00',
      '1969:12:31 23:59:59',
      undefined,
      12345,
    ]) {
      expect(parseExifDateTime(value), String(value)).toBeNull();
    }
    expect(parseExifDateTime('1970:01:02 00:00:00')).toBe('1970-01-02T00:00:00');
  });
});

describe('parseExifOffset', () => {
  it('normalises UTC offsets and refuses anything else', () => {
    expect(parseExifOffset('+02:00')).toBe('+02:00');
    expect(parseExifOffset('-05:30\0')).toBe('-05:30');
    expect(parseExifOffset('+0845')).toBe('+08:45');
    expect(parseExifOffset('Z')).toBe('+00:00');
    for (const value of ['', '   :  ', '+2:00', '+15:00', '+02:75', 'CEST', undefined]) expect(parseExifOffset(value), String(value)).toBeNull();
  });
});

describe('dateTakenFromTags', () => {
  it('prefers DateTimeOriginal with OffsetTimeOriginal, falling back to OffsetTime', () => {
    expect(dateTakenFromTags({ DateTimeOriginal: '2020:01:02 03:04:05', OffsetTimeOriginal: '+01:00', OffsetTime: '+09:00', CreateDate: '2021:01:01 00:00:00' }))
      .toEqual({ local: '2020-01-02T03:04:05', offset: '+01:00' });
    expect(dateTakenFromTags({ DateTimeOriginal: '2020:01:02 03:04:05', OffsetTime: '+09:00' })).toEqual({ local: '2020-01-02T03:04:05', offset: '+09:00' });
    expect(dateTakenFromTags({ DateTimeOriginal: '2020:01:02 03:04:05' })).toEqual({ local: '2020-01-02T03:04:05', offset: null });
  });

  it('falls back to CreateDate (DateTimeDigitized) when DateTimeOriginal is missing or invalid', () => {
    expect(dateTakenFromTags({ CreateDate: '2021:05:06 07:08:09', OffsetTimeDigitized: '-07:00' })).toEqual({ local: '2021-05-06T07:08:09', offset: '-07:00' });
    expect(dateTakenFromTags({ DateTimeOriginal: '0000:00:00 00:00:00', CreateDate: '2021:05:06 07:08:09' })).toEqual({ local: '2021-05-06T07:08:09', offset: null });
  });

  it('has no date when EXIF carries none', () => {
    expect(dateTakenFromTags(undefined)).toBeNull();
    expect(dateTakenFromTags({})).toBeNull();
    expect(dateTakenFromTags({ OffsetTimeOriginal: '+02:00' })).toBeNull();
    expect(dateTakenFromTags({ DateTimeOriginal: '1970:01:01 00:00:00', CreateDate: '1970:01:01 00:00:00' })).toBeNull();
  });
});
