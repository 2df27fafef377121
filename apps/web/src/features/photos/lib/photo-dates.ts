import { format } from 'date-fns';
import { currentDateLocale } from '../../../lib/date-locale';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A date taken as the camera's clock showed it: 'dateTaken' is a local date-time, optionally with the offset
 * the camera recorded, and the photo was taken at that wall-clock time wherever the viewer is now.
 */
export function parseWallClock(value: string | undefined): Date | undefined {
  const match = value ? WALL_CLOCK.exec(value) : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}

/** 1 Jan 1970 stands for "unknown" (spec §9): photos without a date taken are filed under it. */
export const isUnknownDate = (date: Date) => date.getFullYear() === 1970 && date.getMonth() === 0 && date.getDate() === 1;

/** The date a photo was taken, or undefined when it has none or it is the unknown date. */
export function knownDateTaken(dateTaken: string | undefined): Date | undefined {
  const date = parseWallClock(dateTaken);
  return date && !isUnknownDate(date) ? date : undefined;
}

/** Formats with the channel's date-fns locale (loaded with the photo routes). */
export const formatDate = (date: Date, pattern: string) => format(date, pattern, { locale: currentDateLocale() });

/**
 * A day written out in full: the spec's 'd MMMM yyyy' in English (1 December 2026), and each language's
 * own long form elsewhere (1. Dezember 2026, 1 de diciembre de 2026), which that fixed pattern gets wrong.
 */
export const LONG_DATE = 'PPP';
