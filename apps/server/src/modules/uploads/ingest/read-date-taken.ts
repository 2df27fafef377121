/**
 * The date a photo was taken, from its EXIF: DateTimeOriginal, else CreateDate (EXIF's
 * DateTimeDigitized), as the camera's wall-clock time plus the UTC offset it recorded, if any.
 * Dates are read raw (exifr `reviveValues: false`) so no time zone of this server creeps in.
 */
import exifr from 'exifr';

export interface DateTaken {
  /** Wall-clock 'YYYY-MM-DDTHH:MM:SS' as the camera showed it. */
  local: string;
  /** The camera's UTC offset like '+02:00', or null when it recorded none. */
  offset: string | null;
}

/**
 * The earliest year kept. The timeline cannot address months before 1970 and files photos
 * without a date under 1970-01-01, so earlier (and 1970-01-01, an unset camera clock) are "no date".
 */
const FIRST_YEAR = 1970;
const UNSET_CLOCK_DAY = '1970-01-01';

const DATE_TAGS = ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'OffsetTimeDigitized', 'OffsetTime'];

/**
 * Reads the date taken from a JPEG/PNG file path, or from a buffer holding an image or a bare
 * TIFF/EXIF block. Unreadable or missing EXIF is "no date", never an error: the photo is still good.
 */
export async function readDateTaken(input: string | Buffer): Promise<DateTaken | null> {
  try {
    const tags: unknown = await exifr.parse(input, { pick: DATE_TAGS, reviveValues: false, translateValues: false });
    return dateTakenFromTags(tags);
  } catch {
    return null;
  }
}

/** Picks and validates the date taken from exifr's raw tags. */
export function dateTakenFromTags(tags: unknown): DateTaken | null {
  if (!tags || typeof tags !== 'object') return null;
  const record = tags as Record<string, unknown>;
  const candidates: [unknown, unknown][] = [
    [record.DateTimeOriginal, record.OffsetTimeOriginal ?? record.OffsetTime],
    [record.CreateDate, record.OffsetTimeDigitized ?? record.OffsetTime],
  ];
  for (const [dateValue, offsetValue] of candidates) {
    const local = parseExifDateTime(dateValue);
    if (local !== null) return { local, offset: parseExifOffset(offsetValue) };
  }
  return null;
}

/** 'YYYY:MM:DD HH:MM:SS' (optionally with sub-seconds or a zone suffix) → 'YYYY-MM-DDTHH:MM:SS', or null. */
export function parseExifDateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.replace(/\0/g, '').trim());
  if (!match) return null;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText = '00'] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < FIRST_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(hourText) > 23 || Number(minuteText) > 59 || Number(secondText) > 59) return null;
  const date = `${yearText}-${monthText}-${dayText}`;
  if (date === UNSET_CLOCK_DAY) return null;
  return `${date}T${hourText}:${minuteText}:${secondText}`;
}

/** '+02:00', '-0530' or 'Z' → '+02:00', '-05:30', '+00:00'; anything else → null. */
export function parseExifOffset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\0/g, '').trim();
  if (text === 'Z') return '+00:00';
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  if (Number(hours) > 14 || Number(minutes) > 59) return null;
  return `${sign}${hours}:${minutes}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
