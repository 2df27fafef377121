import { describe, expect, test } from 'vitest';
import { columnsForWidth, COMPACT_SECTION_HEADER_HEIGHT, itemsInWindow, SECTION_HEADER_HEIGHT, sectionAtOffset, sectionsInWindow, TILE_GAP } from '../grid/grid-layout';
import { buildTimelineLayout, orderedMonths } from './timeline-layout';

const counts = { '2023': { '12': 5, '1': 2 }, '2024': { '6': 13, '2': 0 }, '1970': { '1': 3 } };

describe('months in display order', () => {
  test('newest first for desc, with Unknown Date (1970/1) last; months without photos are left out', () => {
    expect(orderedMonths(counts, 'desc').map((m) => `${m.year}-${m.month}`)).toEqual(['2024-6', '2023-12', '2023-1', '1970-1']);
  });

  test('oldest first for asc, with Unknown Date first', () => {
    expect(orderedMonths(counts, 'asc').map((m) => `${m.year}-${m.month}`)).toEqual(['1970-1', '2023-1', '2023-12', '2024-6']);
  });
});

describe('columns from the width', () => {
  test('3 on phones, 6 at a 1280px desktop, at most 8', () => {
    expect(columnsForWidth(358)).toBe(3);
    expect(columnsForWidth(972)).toBe(6);
    expect(columnsForWidth(2400)).toBe(8);
    expect(columnsForWidth(120)).toBe(3);
  });

  test('a phone-wide grid has compact month headings, in its layout and its items', () => {
    const phone = buildTimelineLayout(counts, 'desc', 358);
    expect(phone.headerHeight).toBe(COMPACT_SECTION_HEADER_HEIGHT);
    expect(itemsInWindow(phone, 0, 1)).toEqual([{ kind: 'header', section: phone.sections[0], top: 0 }]);
    expect(itemsInWindow(phone, COMPACT_SECTION_HEADER_HEIGHT, COMPACT_SECTION_HEADER_HEIGHT + 1)).toMatchObject([{ kind: 'row', row: 0, top: COMPACT_SECTION_HEADER_HEIGHT }]);
    expect(phone.sections[1]?.top).toBeCloseTo(COMPACT_SECTION_HEADER_HEIGHT + 5 * phone.rowHeight);
    expect(buildTimelineLayout(counts, 'desc', 972).headerHeight).toBe(SECTION_HEADER_HEIGHT);
  });
});

describe('layout from the counts alone', () => {
  test('every section is a heading plus ceil(count / columns) square rows, so the total height is exact', () => {
    const width = 972;
    const layout = buildTimelineLayout(counts, 'desc', width);
    const tile = (width - 5 * TILE_GAP) / 6;
    const row = tile + TILE_GAP;

    expect(layout.columns).toBe(6);
    expect(layout.tileSize).toBeCloseTo(tile);
    expect(layout.sections.map((s) => [s.key, s.rows, s.unknown])).toEqual([
      ['2024-6', 3, false],
      ['2023-12', 1, false],
      ['2023-1', 1, false],
      ['1970-1', 1, true],
    ]);
    expect(layout.sections[1]?.top).toBeCloseTo(SECTION_HEADER_HEIGHT + 3 * row);
    expect(layout.totalHeight).toBeCloseTo(4 * SECTION_HEADER_HEIGHT + 6 * row);
    expect(layout.totalPhotos).toBe(23);
    // The whole list is 4 headings and 6 rows, each starting where the one before it ends.
    const items = itemsInWindow(layout, 0, layout.totalHeight);
    expect(items).toHaveLength(4 + 6);
    const heights = items.map((item) => (item.kind === 'header' ? layout.headerHeight : layout.rowHeight));
    items.forEach((item, i) => expect(item.top).toBeCloseTo(heights.slice(0, i).reduce((a, b) => a + b, 0)));
    expect(heights.reduce((a, b) => a + b, 0)).toBeCloseTo(layout.totalHeight);
  });

  test('the items in a window are the headings and rows of their sections that it touches', () => {
    const layout = buildTimelineLayout(counts, 'desc', 972);
    const describe = (from: number, to: number) => itemsInWindow(layout, from, to).map((item) => (item.kind === 'header' ? `${item.section.key} heading` : `${item.section.key} row ${item.row}`));
    expect(describe(0, 1)).toEqual(['2024-6 heading']);
    const second = layout.sections[1]!;
    // From inside June's last row to just past December's heading.
    expect(describe(second.top - 1, second.top + SECTION_HEADER_HEIGHT + 1)).toEqual(['2024-6 row 2', '2023-12 heading', '2023-12 row 0']);
    // A window starting exactly where a row ends does not hold that row.
    expect(describe(SECTION_HEADER_HEIGHT + layout.rowHeight, SECTION_HEADER_HEIGHT + layout.rowHeight + 1)).toEqual(['2024-6 row 1']);
    expect(describe(layout.totalHeight - 1, layout.totalHeight + 500)).toEqual(['1970-1 row 0']);
    expect(describe(layout.totalHeight, layout.totalHeight + 500)).toEqual([]);
    expect(describe(-500, 0)).toEqual([]);
  });

  test('the section at an offset, and how far into each month a window reaches', () => {
    const layout = buildTimelineLayout(counts, 'desc', 972);
    const second = layout.sections[1]!;
    expect(sectionAtOffset(layout, 0)?.key).toBe('2024-6');
    expect(sectionAtOffset(layout, second.top)?.key).toBe('2023-12');
    expect(sectionAtOffset(layout, second.top - 1)?.key).toBe('2024-6');

    // A window over the heading and first row of June: June wants its first 6 photos; nothing else.
    const firstRowEnd = SECTION_HEADER_HEIGHT + layout.rowHeight - 1;
    expect(sectionsInWindow(layout, 0, firstRowEnd).map((d) => [d.section.key, d.wanted])).toEqual([['2024-6', 6]]);
    // A window over the whole list wants every photo of every month.
    expect(sectionsInWindow(layout, 0, layout.totalHeight).map((d) => [d.section.key, d.wanted])).toEqual([
      ['2024-6', 13],
      ['2023-12', 5],
      ['2023-1', 2],
      ['1970-1', 3],
    ]);
  });

  test('100,000 photos over 20 years: exact, and the last section ends at the total height', () => {
    const big: Record<string, Record<string, number>> = {};
    let total = 0;
    for (let y = 2005; y < 2025; y++) {
      big[String(y)] = {};
      for (let m = 1; m <= 12; m++) {
        const n = y === 2024 && m === 12 ? 100_000 - total : 416;
        big[String(y)]![String(m)] = n;
        total += n;
      }
    }
    const layout = buildTimelineLayout(big, 'desc', 972);
    expect(layout.totalPhotos).toBe(100_000);
    const last = layout.sections.at(-1)!;
    expect(last.top + last.height).toBeCloseTo(layout.totalHeight);
    expect(itemsInWindow(layout, layout.totalHeight - 1, layout.totalHeight).at(-1)).toMatchObject({ kind: 'row', section: { key: last.key }, row: last.rows - 1 });
  });
});
