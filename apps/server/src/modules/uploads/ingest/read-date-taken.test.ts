import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readHeifContainer } from './heif-container.js';
import { dateFromLastModified, dateTakenFromTags, LAST_MODIFIED_MAX_SKEW_MS, parseExifDateTime, parseExifOffset, readDateTaken } from './read-date-taken.js';

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

describe('dateTakenFromTags falls back through the camera’s other dates, in a fixed order', () => {
  it('takes the basic DateTime (IFD0 ModifyDate) with OffsetTime when the camera wrote nothing else', () => {
    expect(dateTakenFromTags({ ModifyDate: '2022:03:04 05:06:07', OffsetTime: '+05:30' })).toEqual({ local: '2022-03-04T05:06:07', offset: '+05:30' });
    expect(dateTakenFromTags({ ModifyDate: '2022:03:04 05:06:07' })).toEqual({ local: '2022-03-04T05:06:07', offset: null });
  });

  it('takes the GPS date and time stamps as UTC when no camera date is left', () => {
    expect(dateTakenFromTags({ GPSDateStamp: '2021:12:31', GPSTimeStamp: [23, 59, 58.7] })).toEqual({ local: '2021-12-31T23:59:58', offset: '+00:00' });
    expect(dateTakenFromTags({ GPSDateStamp: '2021-06-01\0', GPSTimeStamp: [0, 0, 0], OffsetTime: '+09:00' })).toEqual({ local: '2021-06-01T00:00:00', offset: '+00:00' });
  });

  it('lets the order win when the tags disagree: DateTimeOriginal, CreateDate, DateTime, GPS', () => {
    const all = {
      DateTimeOriginal: '2020:01:01 10:00:00',
      CreateDate: '2020:02:02 10:00:00',
      ModifyDate: '2020:03:03 10:00:00',
      GPSDateStamp: '2020:04:04',
      GPSTimeStamp: [10, 0, 0],
    };
    expect(dateTakenFromTags(all)?.local).toBe('2020-01-01T10:00:00');
    expect(dateTakenFromTags({ ...all, DateTimeOriginal: undefined })?.local).toBe('2020-02-02T10:00:00');
    expect(dateTakenFromTags({ ...all, DateTimeOriginal: undefined, CreateDate: undefined })?.local).toBe('2020-03-03T10:00:00');
    expect(dateTakenFromTags({ GPSDateStamp: '2020:04:04', GPSTimeStamp: [10, 0, 0] })?.local).toBe('2020-04-04T10:00:00');
  });

  it('skips broken values to the next source, and has no date when every source is broken', () => {
    expect(dateTakenFromTags({ DateTimeOriginal: '    :  :     :  :  ', CreateDate: '2019:02:29 10:00:00', ModifyDate: '2019:07:08 09:10:11' }))
      .toEqual({ local: '2019-07-08T09:10:11', offset: null });
    expect(dateTakenFromTags({ ModifyDate: '0000:00:00 00:00:00', GPSDateStamp: '2019:07:08', GPSTimeStamp: [9, 10, 11] })).toEqual({ local: '2019-07-08T09:10:11', offset: '+00:00' });
    for (const gps of [
      { GPSDateStamp: '2019:02:29', GPSTimeStamp: [9, 10, 11] },
      { GPSDateStamp: '2019:07:08', GPSTimeStamp: [24, 0, 0] },
      { GPSDateStamp: '2019:07:08', GPSTimeStamp: [9, 60, 0] },
      { GPSDateStamp: '2019:07:08', GPSTimeStamp: [9, 10, Number.NaN] },
      { GPSDateStamp: '2019:07:08', GPSTimeStamp: [9, 10] },
      { GPSDateStamp: '2019:07:08', GPSTimeStamp: '09:10:11' },
      { GPSDateStamp: '2019:07:08' },
      { GPSTimeStamp: [9, 10, 11] },
      { GPSDateStamp: '1970:01:01', GPSTimeStamp: [0, 0, 0] },
      { GPSDateStamp: '    :  :  ', GPSTimeStamp: [0, 0, 0] },
    ]) {
      expect(dateTakenFromTags({ ModifyDate: 'garbage', ...gps }), JSON.stringify(gps)).toBeNull();
    }
  });
});

/** A small JPEG carrying exactly the EXIF given (libvips names the EXIF sub-IFD IFD2 and the GPS IFD IFD3). */
async function jpegWithExif(exif: Record<string, Record<string, string>>): Promise<Buffer> {
  const plain = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#6a8' } }).jpeg().toBuffer();
  return sharp(plain).withExif(exif).jpeg().toBuffer();
}

describe('readDateTaken reads every fallback from real files', () => {
  it('reads a JPEG with only DateTime, as several phones and photo editors write it', async () => {
    expect(await readDateTaken(await jpegWithExif({ IFD0: { DateTime: '2022:03:04 05:06:07' }, IFD2: { OffsetTime: '+01:00' } }))).toEqual({
      local: '2022-03-04T05:06:07',
      offset: '+01:00',
    });
  });

  it('reads a JPEG with only CreateDate (DateTimeDigitized)', async () => {
    expect(await readDateTaken(await jpegWithExif({ IFD2: { DateTimeDigitized: '2018:03:04 05:06:07' } }))).toEqual({ local: '2018-03-04T05:06:07', offset: null });
  });

  it('reads a JPEG with only the GPS date and time stamps, as UTC', async () => {
    expect(await readDateTaken(await jpegWithExif({ IFD3: { GPSDateStamp: '2021:12:31', GPSTimeStamp: '23/1 59/1 5800/100' } }))).toEqual({
      local: '2021-12-31T23:59:58',
      offset: '+00:00',
    });
  });

  it('follows the order in a JPEG whose tags disagree, and skips a broken one', async () => {
    const conflicting = {
      IFD0: { DateTime: '2020:03:03 10:00:00' },
      IFD2: { DateTimeOriginal: '2020:01:01 10:00:00', DateTimeDigitized: '2020:02:02 10:00:00' },
      IFD3: { GPSDateStamp: '2020:04:04', GPSTimeStamp: '10/1 0/1 0/1' },
    };
    expect((await readDateTaken(await jpegWithExif(conflicting)))?.local).toBe('2020-01-01T10:00:00');
    const broken = { ...conflicting, IFD2: { DateTimeOriginal: '2020:13:45 99:00:00', DateTimeDigitized: '0000:00:00 00:00:00' } };
    expect((await readDateTaken(await jpegWithExif(broken)))?.local).toBe('2020-03-03T10:00:00');
  });

  it('reads DateTime from a HEIC’s EXIF item, in the standard form and as Android writes it (a JPEG APP1 segment)', async () => {
    for (const [name, local] of [
      ['datetime-only.heic', '2022-11-05T17:45:00'],
      ['android-datetime-only.heic', '2023-02-18T08:12:30'],
    ] as const) {
      const { exif } = readHeifContainer(await readFile(new URL(`./fixtures/${name}`, import.meta.url)));
      expect(exif, name).not.toBeNull();
      expect(await readDateTaken(exif!), name).toEqual({ local, offset: null });
    }
  });
});

describe('dateFromLastModified', () => {
  const now = Date.UTC(2024, 5, 1, 12, 0, 0);

  it('turns the browser’s last-modified time into a date in the offset it sent, else in UTC', () => {
    expect(dateFromLastModified('1700000000000', undefined, now)).toEqual({ local: '2023-11-14T22:13:20', offset: '+00:00' });
    expect(dateFromLastModified('1700000000000', '120', now)).toEqual({ local: '2023-11-15T00:13:20', offset: '+02:00' });
    expect(dateFromLastModified('1700000000000', '-330', now)).toEqual({ local: '2023-11-14T16:43:20', offset: '-05:30' });
    expect(dateFromLastModified('1700000000999', '+0', now)).toEqual({ local: '2023-11-14T22:13:20', offset: '+00:00' });
  });

  it('ignores an offset that is not whole minutes within ±14 hours, keeping UTC', () => {
    for (const offset of ['', '+02:00', '2h', '90.5', '841', '-841', '1e2', null, 120]) {
      expect(dateFromLastModified('1700000000000', offset, now), String(offset)).toEqual({ local: '2023-11-14T22:13:20', offset: '+00:00' });
    }
  });

  it('ignores anything but whole milliseconds from 1970-01-02 until shortly after now', () => {
    const skewed = now + LAST_MODIFIED_MAX_SKEW_MS;
    expect(dateFromLastModified(String(skewed), undefined, now)).not.toBeNull();
    expect(dateFromLastModified(String(Date.UTC(1970, 0, 2)), undefined, now)).toEqual({ local: '1970-01-02T00:00:00', offset: '+00:00' });
    for (const value of [
      undefined,
      null,
      1700000000000,
      '',
      'yesterday',
      '1700000000000.5',
      '1.7e12',
      '-1700000000000',
      ' 1700000000000',
      '0x18BCFE56800',
      '0',
      String(Date.UTC(1970, 0, 2) - 1),
      String(skewed + 1),
      '99999999999999999999',
    ]) {
      expect(dateFromLastModified(value, undefined, now), String(value)).toBeNull();
    }
    // 1970-01-02 00:30 UTC is still 1 January west of Greenwich: the day that means "no date".
    expect(dateFromLastModified(String(Date.UTC(1970, 0, 2, 0, 30)), '-60', now)).toBeNull();
  });
});
