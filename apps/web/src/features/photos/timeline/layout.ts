import { UNKNOWN_MONTH, UNKNOWN_YEAR, type SortOrder, type TimelineCounts } from '@shoebox/contracts';

/** Space between tiles, horizontally and vertically. */
export const TILE_GAP = 4;
/** A month's heading row, including the space above it. */
export const SECTION_HEADER_HEIGHT = 64;
/** Columns aim at tiles about this wide: 2 on phones, 6 at 1280px, up to 8 on wide screens. */
const TARGET_TILE_WIDTH = 160;
const MIN_COLUMNS = 2;
const MAX_COLUMNS = 8;
/** Tiles at least this wide form a large grid, which gets the 800 thumbnails instead of the 300 ones. */
export const LARGE_TILE_MIN_WIDTH = 240;

/** Names a section of a grid: a timeline month ('2024-6'), or the one section of an album. */
export type SectionKey = string;
export type MonthKey = `${number}-${number}`;
export const monthKey = (year: number, month: number): MonthKey => `${year}-${month}`;
/** An album's photos form one section, without a heading; it loads in pages of whole sections of 24. */
export const ALBUM_SECTION_KEY: SectionKey = 'album';

export interface TimelineSection {
  key: SectionKey;
  year: number;
  month: number;
  count: number;
  unknown: boolean;
  /** Index of the section's first virtual item: its heading (where sections have one), then its rows. */
  firstItem: number;
  rows: number;
  /** Offset of the heading from the top of the list, in pixels. */
  top: number;
  /** Height of heading and rows together. */
  height: number;
}

export interface TimelineLayout {
  sections: TimelineSection[];
  /** Whether each section starts with a heading row (timeline months do, an album does not). */
  headers: boolean;
  columns: number;
  tileSize: number;
  rowHeight: number;
  itemCount: number;
  totalHeight: number;
  totalPhotos: number;
  /** The photos' count per section, for selection amounts. */
  countByMonth: ReadonlyMap<SectionKey, number>;
}

export type TimelineItem = { kind: 'header'; section: TimelineSection } | { kind: 'row'; section: TimelineSection; row: number };

export function columnsForWidth(width: number): number {
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, Math.round(width / TARGET_TILE_WIDTH)));
}

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

interface SectionCount {
  key: SectionKey;
  year: number;
  month: number;
  count: number;
}

/**
 * Exact positions of every heading and row from the counts alone: tiles are square, so a section of n photos
 * is (a heading and) ceil(n / columns) rows high before any of its photos has loaded.
 */
function buildLayout(counts: SectionCount[], width: number, headers: boolean): TimelineLayout {
  const columns = columnsForWidth(width);
  const tileSize = Math.max(1, (width - TILE_GAP * (columns - 1)) / columns);
  const rowHeight = tileSize + TILE_GAP;
  const headerHeight = headers ? SECTION_HEADER_HEIGHT : 0;
  const sections: TimelineSection[] = [];
  const countByMonth = new Map<SectionKey, number>();
  let top = 0;
  let item = 0;
  let totalPhotos = 0;
  for (const { key, year, month, count } of counts) {
    const rows = Math.ceil(count / columns);
    const height = headerHeight + rows * rowHeight;
    sections.push({ key, year, month, count, unknown: isUnknownMonth(year, month), firstItem: item, rows, top, height });
    countByMonth.set(key, count);
    top += height;
    item += (headers ? 1 : 0) + rows;
    totalPhotos += count;
  }
  return { sections, headers, columns, tileSize, rowHeight, itemCount: item, totalHeight: top, totalPhotos, countByMonth };
}

/** The timeline: a section with a heading per month, in display order. */
export function buildTimelineLayout(counts: TimelineCounts, order: SortOrder, width: number): TimelineLayout {
  return buildLayout(
    orderedMonths(counts, order).map(({ year, month, count }) => ({ key: monthKey(year, month), year, month, count })),
    width,
    true,
  );
}

/** An album: one section of all its photos, without a heading. */
export function buildAlbumLayout(photosCount: number, width: number): TimelineLayout {
  return buildLayout(photosCount > 0 ? [{ key: ALBUM_SECTION_KEY, year: 0, month: 0, count: photosCount }] : [], width, false);
}

const headerItems = (layout: TimelineLayout) => (layout.headers ? 1 : 0);

/** The section whose heading or rows hold virtual item `index` (binary search). */
export function sectionOfItem(layout: TimelineLayout, index: number): TimelineSection | undefined {
  const { sections } = layout;
  let low = 0;
  let high = sections.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const section = sections[mid] as TimelineSection;
    if (index < section.firstItem) high = mid - 1;
    else if (index >= section.firstItem + headerItems(layout) + section.rows) low = mid + 1;
    else return section;
  }
  return undefined;
}

export function itemAt(layout: TimelineLayout, index: number): TimelineItem | undefined {
  const section = sectionOfItem(layout, index);
  if (!section) return undefined;
  if (layout.headers && index === section.firstItem) return { kind: 'header', section };
  return { kind: 'row', section, row: index - section.firstItem - headerItems(layout) };
}

export function itemSize(layout: TimelineLayout, index: number): number {
  const section = sectionOfItem(layout, index);
  if (!section) return 0;
  return layout.headers && index === section.firstItem ? SECTION_HEADER_HEIGHT : layout.rowHeight;
}

/** Index of the section at a vertical offset of the list (the first one above 0, the last one past the end); -1 when empty. */
export function sectionIndexAtOffset(layout: TimelineLayout, offset: number): number {
  const { sections } = layout;
  let low = 0;
  let high = sections.length - 1;
  let found = sections.length > 0 ? 0 : -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((sections[mid] as TimelineSection).top <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export const sectionAtOffset = (layout: TimelineLayout, offset: number): TimelineSection | undefined =>
  layout.sections[sectionIndexAtOffset(layout, offset)];

export interface MonthDemand {
  section: TimelineSection;
  /** How many of the month's photos, from its first, cover the window: the month should load at least these. */
  wanted: number;
}

/** Months with any heading or row inside [from, to) list pixels, and how far into each the window reaches. */
export function monthsInWindow(layout: TimelineLayout, from: number, to: number): MonthDemand[] {
  const result: MonthDemand[] = [];
  const first = sectionIndexAtOffset(layout, Math.max(0, from));
  if (first < 0) return result;
  for (let i = first; i < layout.sections.length; i++) {
    const section = layout.sections[i] as TimelineSection;
    if (section.top >= to) break;
    if (section.top + section.height <= from) continue;
    const rowsTop = section.top + (layout.headers ? SECTION_HEADER_HEIGHT : 0);
    const lastRow = Math.min(section.rows - 1, Math.floor((to - rowsTop) / layout.rowHeight));
    const wanted = lastRow < 0 ? Math.min(section.count, layout.columns) : Math.min(section.count, (lastRow + 1) * layout.columns);
    result.push({ section, wanted });
  }
  return result;
}
