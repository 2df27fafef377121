// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): happy-dom's storage does not call a replaced Storage.prototype method, and reads a deleted cookie as ''.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readScrollMemory, writeScrollMemory } from './scroll-memory';

const KEY = 'shoebox.photos.timelineScroll';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("the timeline's scroll memory: two non-negative numbers, kept locally", () => {
  test('remembers the first visible section and the scroll position, as whole non-negative numbers', () => {
    expect(readScrollMemory()).toBeUndefined();
    writeScrollMemory({ section: 7, scrollY: 1234.6 });
    expect(readScrollMemory()).toEqual({ section: 7, scrollY: 1235 });
    writeScrollMemory({ section: -3, scrollY: -10 });
    expect(readScrollMemory()).toEqual({ section: 0, scrollY: 0 });
  });

  test('anything else stored under its key is no memory at all', () => {
    for (const stored of ['{"section":-1,"scrollY":10}', '{"section":"2","scrollY":10}', '{"section":2}', '{"section":null,"scrollY":1}', 'not json', '[1,2]']) {
      window.localStorage.setItem(KEY, stored);
      expect(readScrollMemory(), stored).toBeUndefined();
    }
  });

  test('a full or blocked storage forgets the position without failing the page', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => writeScrollMemory({ section: 1, scrollY: 2 })).not.toThrow();
    expect(readScrollMemory()).toBeUndefined();
  });
});
