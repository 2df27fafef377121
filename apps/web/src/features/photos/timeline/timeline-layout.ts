import { UNKNOWN_MONTH, UNKNOWN_YEAR, type SortOrder, type TimelineCounts } from '@shoebox/contracts';
import { buildGridLayout, type GridLayout } from '../grid/grid-layout';
import { monthKey } from '../lib/section-key';

export const isUnknownMonth = (year: number, month: number) => year === UNKNOWN_YEAR && month === UNKNOWN_MONTH;

/**
 * The months with photos in display order: newest first for desc, oldest first for asc. Photos without a
 * date are counted under 1970/1 and shown as 'Unknown Date': at the end for desc, at the start for asc.
 */
export function orderedMonths(counts: TimelineCounts, order: SortOrder): { year: number; month: number; count: number }[] {
  const months: { year: number; month: number; count: number }[] = [];
  let unknown: { year: number; month: number; count: number } | undefined;
  for (const [yearText, byMonth] of Object.entries(counts)) {
    const year = Number(yearText);
    for (const [monthText, count] of Object.entries(byMonth)) {
      const month = Number(monthText);
      if (count <= 0) continue;
      if (isUnknownMonth(year, month)) unknown = { year, month, count };
      else months.push({ year, month, count });
    }
  }
  const direction = order === 'asc' ? 1 : -1;
  months.sort((a, b) => direction * (a.year - b.year || a.month - b.month));
  if (unknown) {
    if (order === 'asc') months.unshift(unknown);
    else months.push(unknown);
  }
  return months;
}

/** The timeline: a section with a heading per month, in display order. */
export function buildTimelineLayout(counts: TimelineCounts, order: SortOrder, width: number): GridLayout {
  return buildGridLayout(
    orderedMonths(counts, order).map(({ year, month, count }) => ({ key: monthKey(year, month), year, month, count, unknown: isUnknownMonth(year, month) })),
    width,
    true,
  );
}
