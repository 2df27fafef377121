import { projectedDeletionDate } from '@shoebox/contracts';

/** What a customer's storage period runs from (decision 071), as stored. */
export interface StoragePeriodFacts {
  registeredAt: string;
  lastOrderAt: string | null;
  /** storage_periods.emptied_at */
  emptiedAt: string | null;
  /** the customer's earliest photo uploaded_at, null when no photo */
  firstPhotoAt: string | null;
}

/** The stored reminder sequence: the computed end it belongs to and the date it told. */
export interface ToldPeriod {
  period_end: string;
  deletion_at: string;
}

const latest = (...instants: string[]) => Math.max(...instants.map((iso) => Date.parse(iso)));

/**
 * The one computation of a storage period's end: 18 months after the last order, or registration when there
 * was none (photo-library spec §1, so an order dated before the registration still counts), or, when later,
 * the first upload after the library was emptied at a period's end (the emptying itself while nothing was
 * uploaded; a photo older than the emptying, which the emptying did not reach, counts from it).
 */
export function storagePeriodEnd(f: StoragePeriodFacts): Date {
  const anchors = [f.lastOrderAt ?? f.registeredAt];
  if (f.emptiedAt) anchors.push(f.emptiedAt, f.firstPhotoAt ?? f.emptiedAt);
  return projectedDeletionDate(new Date(latest(...anchors)));
}

/** The told date wins while it belongs to the current sequence: row.period_end equals the computed end (ISO) and row.deletion_at is later. */
export function toldDeletionDate(end: Date, period: ToldPeriod | undefined): Date {
  if (!period || period.period_end !== end.toISOString()) return end;
  const told = Date.parse(period.deletion_at);
  return told > end.getTime() ? new Date(told) : end;
}
