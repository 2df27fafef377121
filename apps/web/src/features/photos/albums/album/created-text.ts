import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/photo-dates';

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** 'Created today', 'Created yesterday', or 'Created {date}' as dd MMM yyyy, in the viewer's time zone. */
export function createdText(t: TFunction<'albums'>, created: string, now = new Date()): string {
  const date = new Date(created);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(date, now)) return t('album.createdToday');
  if (sameDay(date, yesterday)) return t('album.createdYesterday');
  return t('album.createdOn', { date: formatDate(date, t('album.createdFormat')) });
}
