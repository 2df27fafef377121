import type { SectionKey } from '../lib/section-key';

/** Space between tiles, horizontally and vertically. */
export const TILE_GAP = 4;
/** A section's heading row, including the space above it. */
export const SECTION_HEADER_HEIGHT = 64;
/**
 * On a phone the heading keeps less space above it (the month and its count are one line either way), so
 * the first photos are on the first screen (decision 085).
 */
export const COMPACT_SECTION_HEADER_HEIGHT = 48;
/** Grids narrower than this are a phone's: 3 columns and compact headings. */
const COMPACT_WIDTH = 480;
/** Columns aim at tiles about this wide: 3 on phones (as photo apps show them), 6 at 1280px, up to 8 on wide screens. */
const TARGET_TILE_WIDTH = 160;
const MIN_COLUMNS = 3;
const MAX_COLUMNS = 8;
/** Tiles at least this wide form a large grid, which gets the 800 thumbnails instead of the 300 ones. */
export const LARGE_TILE_MIN_WIDTH = 240;

/** What a grid is laid out from: its sections in display order, with their photo counts. */
export interface SectionCount {
  key: SectionKey;
  /** The month a timeline section shows (its heading names it); 0 for an album's one section. */
  year: number;
  month: number;
  /** A timeline's 'Unknown Date' section. */
  unknown: boolean;
  count: number;
}

export interface GridSection extends SectionCount {
  rows: number;
  /** Offset of the heading from the top of the list, in pixels. */
  top: number;
  /** Height of heading and rows together. */
  height: number;
}

export interface GridLayout {
  sections: GridSection[];
  /** Whether each section starts with a heading row (timeline months do, an album does not). */
  headers: boolean;
  columns: number;
  /** The height of each section's heading row (where sections have one). */
  headerHeight: number;
  tileSize: number;
  rowHeight: number;
  totalHeight: number;
  totalPhotos: number;
  /** The photos' count per section, for selection amounts. */
  countBySection: ReadonlyMap<SectionKey, number>;
}

/** A section's heading or one of its rows, with its offset from the list's top. */
export type GridItem = ({ kind: 'header'; section: GridSection } | { kind: 'row'; section: GridSection; row: number }) & { top: number };

export function columnsForWidth(width: number): number {
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, Math.round(width / TARGET_TILE_WIDTH)));
}

export function sectionHeaderHeightForWidth(width: number): number {
  return width < COMPACT_WIDTH ? COMPACT_SECTION_HEADER_HEIGHT : SECTION_HEADER_HEIGHT;
}

/**
 * Exact positions of every heading and row from the counts alone: tiles are square, so a section of n photos
 * is (a heading and) ceil(n / columns) rows high before any of its photos has loaded.
 */
export function buildGridLayout(counts: readonly SectionCount[], width: number, headers: boolean): GridLayout {
  const columns = columnsForWidth(width);
  const tileSize = Math.max(1, (width - TILE_GAP * (columns - 1)) / columns);
  const rowHeight = tileSize + TILE_GAP;
  const headerHeight = headers ? sectionHeaderHeightForWidth(width) : 0;
  const sections: GridSection[] = [];
  const countBySection = new Map<SectionKey, number>();
  let top = 0;
  let totalPhotos = 0;
  for (const counted of counts) {
    const rows = Math.ceil(counted.count / columns);
    const height = headerHeight + rows * rowHeight;
    sections.push({ ...counted, rows, top, height });
    countBySection.set(counted.key, counted.count);
    top += height;
    totalPhotos += counted.count;
  }
  return { sections, headers, columns, headerHeight, tileSize, rowHeight, totalHeight: top, totalPhotos, countBySection };
}

/** Index of the section at a vertical offset of the list (the first one above 0, the last one past the end); -1 when empty. */
export function sectionIndexAtOffset(layout: GridLayout, offset: number): number {
  const { sections } = layout;
  let low = 0;
  let high = sections.length - 1;
  let found = sections.length > 0 ? 0 : -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((sections[mid] as GridSection).top <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export const sectionAtOffset = (layout: GridLayout, offset: number): GridSection | undefined => layout.sections[sectionIndexAtOffset(layout, offset)];

export interface SectionDemand {
  section: GridSection;
  /** How many of the section's photos, from its first, cover the window: the section should load at least these. */
  wanted: number;
}

/** Sections with any heading or row inside [from, to) list pixels, and how far into each the window reaches. */
export function sectionsInWindow(layout: GridLayout, from: number, to: number): SectionDemand[] {
  const result: SectionDemand[] = [];
  const first = sectionIndexAtOffset(layout, Math.max(0, from));
  if (first < 0) return result;
  for (let i = first; i < layout.sections.length; i++) {
    const section = layout.sections[i] as GridSection;
    if (section.top >= to) break;
    if (section.top + section.height <= from) continue;
    const rowsTop = section.top + (layout.headers ? layout.headerHeight : 0);
    const lastRow = Math.min(section.rows - 1, Math.floor((to - rowsTop) / layout.rowHeight));
    const wanted = lastRow < 0 ? Math.min(section.count, layout.columns) : Math.min(section.count, (lastRow + 1) * layout.columns);
    result.push({ section, wanted });
  }
  return result;
}

/**
 * The headings and rows with any part inside [from, to) list pixels, in order: what the grid renders. Found
 * from the sections' offsets, so it costs the same at a hundred photos and at a million.
 */
export function itemsInWindow(layout: GridLayout, from: number, to: number): GridItem[] {
  const items: GridItem[] = [];
  const first = sectionIndexAtOffset(layout, Math.max(0, from));
  if (first < 0) return items;
  const { headerHeight, rowHeight } = layout;
  for (let i = first; i < layout.sections.length; i++) {
    const section = layout.sections[i] as GridSection;
    if (section.top >= to) break;
    if (section.top + section.height <= from) continue;
    if (layout.headers && section.top + headerHeight > from) items.push({ kind: 'header', section, top: section.top });
    const rowsTop = section.top + headerHeight;
    const firstRow = Math.max(0, Math.floor((from - rowsTop) / rowHeight));
    const lastRow = Math.min(section.rows - 1, Math.ceil((to - rowsTop) / rowHeight) - 1);
    for (let row = firstRow; row <= lastRow; row++) items.push({ kind: 'row', section, row, top: rowsTop + row * rowHeight });
  }
  return items;
}
