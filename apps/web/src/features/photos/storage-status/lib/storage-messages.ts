import type { StorageOutlook } from '@shoebox/contracts';

/**
 * Which message a storage outlook gets (spec §4): safe, warning in N months, or critical: deleted today,
 * deleted tomorrow, or in N days. The keys exist under both `button.` and `title.` in the storage texts.
 */
export type StorageMessage =
  | { key: 'safe' }
  | { key: 'warning'; count: number }
  | { key: 'criticalToday' }
  | { key: 'criticalTomorrow' }
  | { key: 'criticalDays'; count: number };

export function storageMessage(outlook: StorageOutlook): StorageMessage {
  if (outlook.status === 'safe') return { key: 'safe' };
  if (outlook.status === 'warning') return { key: 'warning', count: outlook.monthsRemaining };
  if (outlook.daysRemaining <= 0) return { key: 'criticalToday' };
  if (outlook.daysRemaining === 1) return { key: 'criticalTomorrow' };
  return { key: 'criticalDays', count: outlook.daysRemaining };
}

/** A calendar date of the API (an ISO date-time) as the same calendar day in local time, for display. */
export function calendarDay(iso: string): Date {
  const date = new Date(iso);
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Set once the critical modal opened by itself in this browser session. */
export const AUTO_OPENED_KEY = 'shoebox.storageWarningShown';
