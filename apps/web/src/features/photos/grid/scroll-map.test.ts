import { describe, expect, test } from 'vitest';
import { buildTimelineLayout } from '../timeline/timeline-layout';
import { itemsInWindow } from './grid-layout';
import { MAX_LIST_HEIGHT, scrollMapFor } from './scroll-map';

describe('the window on a list up to the tallest a browser lays out', () => {
  test('is where it seems: the list is as tall as its content and every position is its own', () => {
    const map = scrollMapFor(MAX_LIST_HEIGHT, 800);
    expect(map).toMatchObject({ height: MAX_LIST_HEIGHT, scaled: false });
    for (const offset of [-300, 0, 12_345.5, MAX_LIST_HEIGHT]) {
      expect(map.toContent(offset)).toBe(offset);
      expect(map.toList(offset)).toBe(offset);
    }
  });
});

describe('the window on a taller list', () => {
  const viewport = 800;
  const content = 43_000_000;
  const map = scrollMapFor(content, viewport);

  test('keeps the list at the tallest height and reaches the content from its first row to its last', () => {
    expect(map).toMatchObject({ height: MAX_LIST_HEIGHT, scaled: true });
    expect(map.toContent(0)).toBe(0);
    // The window's top at the list's last window: the content's last window, so its last row is at the bottom.
    expect(map.toContent(MAX_LIST_HEIGHT - viewport)).toBeCloseTo(content - viewport);
  });

  test('moves with the page above the list and below its end, without a jump at either edge', () => {
    expect(map.toContent(-250)).toBe(-250);
    expect(map.toContent(MAX_LIST_HEIGHT - viewport + 100)).toBeCloseTo(content - viewport + 100);
    expect(map.toContent(1e-6)).toBeCloseTo(0);
    expect(map.toContent(MAX_LIST_HEIGHT - viewport - 1e-6)).toBeCloseTo(content - viewport);
  });

  test('is monotonic, and toList undoes toContent everywhere', () => {
    let previous = -Infinity;
    for (let offset = -1_000; offset <= MAX_LIST_HEIGHT + 1_000; offset += 99_991) {
      const mapped = map.toContent(offset);
      expect(mapped).toBeGreaterThan(previous);
      expect(map.toList(mapped)).toBeCloseTo(offset, 3);
      previous = mapped;
    }
  });

  test('a million photos on a phone: the first month and the last are both within the list', () => {
    const months: Record<string, Record<string, number>> = {};
    for (let year = 2005; year < 2025; year++) months[String(year)] = Object.fromEntries(Array.from({ length: 12 }, (_, m) => [String(m + 1), 4_000]));
    months['1970'] = { '1': 1_000_000 - 20 * 12 * 4_000 };
    const layout = buildTimelineLayout(months, 'desc', 358);
    expect(layout.totalHeight).toBeGreaterThan(MAX_LIST_HEIGHT);
    const phone = scrollMapFor(layout.totalHeight, 640);
    const lastWindow = phone.toContent(phone.height - 640);
    const shown = itemsInWindow(layout, lastWindow, lastWindow + 640);
    expect(shown.at(-1)).toMatchObject({ kind: 'row', section: { key: '1970-1' }, row: layout.sections.at(-1)!.rows - 1 });
    expect(itemsInWindow(layout, phone.toContent(0), 640)[0]).toMatchObject({ kind: 'header', section: { key: '2024-12' } });
  });
});
