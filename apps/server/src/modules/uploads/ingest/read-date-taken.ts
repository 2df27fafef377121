/**
 * The date a photo was taken. From its EXIF, in this order (decision 041): DateTimeOriginal, CreateDate
 * (EXIF's DateTimeDigitized), DateTime (IFD0, exifr's ModifyDate), each as the camera's wall-clock time
 * plus the UTC offset it recorded, if any; then the GPS date and time stamps, which are UTC. Failing
 * those, the upload's last-modified time as the browser knew it (dateFromLastModified).
 * Dates are read raw (exifr `reviveValues: false`) so no time zone of this server creeps in.
 */

export interface DateTaken {
  /** Wall-clock 'YYYY-MM-DDTHH:MM:SS' as the camera showed it (UTC for a GPS stamp, the browser's for a last-modified time). */
  local: string;
  /** The UTC offset of that wall clock like '+02:00', or null when the camera recorded none. */
  offset: string | null;
}

/**
 * The earliest year kept. The timeline cannot address months before 1970 and files photos
 * without a date under 1970-01-01, so earlier (and 1970-01-01, an unset camera clock) are "no date".
 */
const FIRST_YEAR = 1970;
const UNSET_CLOCK_DAY = '1970-01-01';

const DATE_TAGS = [
  'DateTimeOriginal',
  'CreateDate',
  'ModifyDate',
  'OffsetTimeOriginal',
  'OffsetTimeDigitized',
  'OffsetTime',
  'GPSDateStamp',
  'GPSTimeStamp',
];
const UTC = '+00:00';

/** How far past the server's clock a browser's last-modified time may lie: ordinary drift between two clocks. */
export const LAST_MODIFIED_MAX_SKEW_MS = 10 * 60 * 1000;
/** The first instant kept: 1970-01-01 is the timeline's "no date" (and an unset clock's). */
const FIRST_LAST_MODIFIED_MS = Date.UTC(1970, 0, 2);
/** UTC offsets exist from -12:00 to +14:00; ±14 h is the widest the EXIF offsets are read with too. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Reads the date taken from a JPEG/PNG file path, or from a buffer holding an image or a bare
 * TIFF/EXIF block. Unreadable or missing EXIF is "no date", never an error: the photo is still good.
 */
export async function readDateTaken(input: string | Buffer): Promise<DateTaken | null> {
  // Loaded where photos are read (the image pool's children), not by every process that names a date.
  const { default: exifr } = await import('exifr');
  try {
    const tags: unknown = await exifr.parse(input, { pick: DATE_TAGS, reviveValues: false, translateValues: false });
    return dateTakenFromTags(tags);
  } catch {
    return null;
  }
}

/** Picks and validates the date taken from exifr's raw tags: the first source in the order that holds a valid date. */
export function dateTakenFromTags(tags: unknown): DateTaken | null {
  if (!tags || typeof tags !== 'object') return null;
  const record = tags as Record<string, unknown>;
  const cameraDates: [unknown, unknown][] = [
    [record.DateTimeOriginal, record.OffsetTimeOriginal ?? record.OffsetTime],
    [record.CreateDate, record.OffsetTimeDigitized ?? record.OffsetTime],
    [record.ModifyDate, record.OffsetTime],
  ];
  for (const [dateValue, offsetValue] of cameraDates) {
    const local = parseExifDateTime(dateValue);
    if (local !== null) return { local, offset: parseExifOffset(offsetValue) };
  }
  const gps = parseGpsDateTime(record.GPSDateStamp, record.GPSTimeStamp);
  return gps === null ? null : { local: gps, offset: UTC };
}

/**
 * The upload's last-modified time (`lastModified`: whole milliseconds since 1970 as text, as a browser's
 * File.lastModified) as a date taken, shown at the browser's UTC offset (`offsetMinutes`: whole minutes
 * east of UTC as text) or, without a valid one, in UTC. Anything malformed, before 1970-01-02 or later
 * than now plus a little clock skew is no date.
 */
export function dateFromLastModified(lastModified: unknown, offsetMinutes: unknown, now = Date.now()): DateTaken | null {
  if (typeof lastModified !== 'string' || !/^\d{1,15}$/.test(lastModified)) return null;
  const instant = Number(lastModified);
  if (instant < FIRST_LAST_MODIFIED_MS || instant > now + LAST_MODIFIED_MAX_SKEW_MS) return null;
  const minutes = parseOffsetMinutes(offsetMinutes) ?? 0;
  const local = parseExifDateTime(new Date(instant + minutes * 60_000).toISOString());
  return local === null ? null : { local, offset: formatOffset(minutes) };
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

/** GPSDateStamp 'YYYY:MM:DD' and GPSTimeStamp [hours, minutes, seconds] → 'YYYY-MM-DDTHH:MM:SS' (UTC), or null; both are needed. */
function parseGpsDateTime(dateValue: unknown, timeValue: unknown): string | null {
  if (typeof dateValue !== 'string' || !Array.isArray(timeValue) || timeValue.length !== 3) return null;
  const parts = timeValue.map((part: unknown) => (typeof part === 'number' && Number.isFinite(part) && part >= 0 ? Math.floor(part) : -1));
  if (parts.includes(-1)) return null;
  const [hours, minutes, seconds] = parts.map((part) => String(part).padStart(2, '0'));
  return parseExifDateTime(`${dateValue.replace(/\0/g, '').trim()} ${hours}:${minutes}:${seconds}`);
}

/** '120', '-330', '+0' → minutes east of UTC; anything else (or beyond ±14 h) → null. */
function parseOffsetMinutes(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[+-]?\d{1,3}$/.test(value)) return null;
  const minutes = Number(value);
  return Math.abs(minutes) > MAX_OFFSET_MINUTES ? null : minutes;
}

/** 120 → '+02:00', -330 → '-05:30', 0 → '+00:00'. */
function formatOffset(minutes: number): string {
  const magnitude = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
