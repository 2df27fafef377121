import { z } from 'zod/mini';

/** Photos are kept this long after the last order, or after registration when there is none. */
export const STORAGE_PERIOD_MONTHS = 18;
/** Safe at 3 months or more, warning from 1 to under 3, critical below 1. */
export const STORAGE_WARNING_MONTHS = 3;
export const STORAGE_CRITICAL_MONTHS = 1;

export const deletionInfoSchema = z.object({
  lastOrderDate: z.nullable(z.iso.datetime({ offset: true })),
  projectCount: z.int().check(z.minimum(0)),
  projectedDeletionDate: z.iso.datetime({ offset: true }),
  registrationDate: z.iso.datetime({ offset: true }),
});
export type DeletionInfo = z.infer<typeof deletionInfoSchema>;

export type StorageStatus = 'safe' | 'warning' | 'critical';

export interface StorageOutlook {
  daysRemaining: number;
  monthsRemaining: number;
  status: StorageStatus;
}

const DAY_MS = 86_400_000;

/** Whole months from `from` to `to`, counting a month only once its day of the month is reached. */
export function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return months;
}

export function storageOutlook(projectedDeletionDate: string, now: Date): StorageOutlook {
  const deletion = new Date(projectedDeletionDate);
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const startOfDeletionDay = Date.UTC(deletion.getUTCFullYear(), deletion.getUTCMonth(), deletion.getUTCDate());
  const daysRemaining = Math.round((startOfDeletionDay - startOfToday) / DAY_MS);
  const monthsRemaining = Math.max(0, wholeMonthsBetween(now, deletion));
  const status: StorageStatus =
    monthsRemaining >= STORAGE_WARNING_MONTHS ? 'safe' : monthsRemaining >= STORAGE_CRITICAL_MONTHS ? 'warning' : 'critical';
  return { daysRemaining, monthsRemaining, status };
}

/** 18 months after the anchor (last order, or registration), on the same day of the month where it exists. */
export function projectedDeletionDate(anchor: Date): Date {
  const d = new Date(anchor);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + STORAGE_PERIOD_MONTHS);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The photos page's query that opens the storage status (with its export and delete choices): the reminder mails link to it. */
export const STORAGE_STATUS_PARAM = 'storage';
export const STORAGE_STATUS_OPEN = 'status';
/** Where a reminder mail's "export your photos" link leads, under the account area's address. */
export const STORAGE_STATUS_PATH = `/my-photos/photos?${STORAGE_STATUS_PARAM}=${STORAGE_STATUS_OPEN}`;
