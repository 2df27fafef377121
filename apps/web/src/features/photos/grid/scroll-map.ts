/**
 * The tallest the grid's list may be in the page. Browsers lay out a box only so tall (Chrome stops at
 * 33,554,428 px, Firefox at about 17.9 million): the photos of a taller list could never be scrolled to. A
 * library taller than this (about half a million photos) keeps its list this tall and maps the
 * window's position onto the whole of its content (decision 120).
 */
export const MAX_LIST_HEIGHT = 15_000_000;

/**
 * Where the window is in the grid's content. Offsets are measured from the list's top; the window's may be
 * negative (the list starts below the window's top) or past the list's end.
 */
export interface ScrollMap {
  /** The list's height in the page. */
  height: number;
  /** Whether the content is taller than the list, so that positions are mapped rather than equal. */
  scaled: boolean;
  /** The content offset at the window's top, from the window's offset in the list. */
  toContent(listOffset: number): number;
  /** The window's offset in the list that shows the content from `contentOffset` at its top. */
  toList(contentOffset: number): number;
}

const same = (offset: number) => offset;

/**
 * The map for content `contentHeight` tall seen through a window `viewport` tall. Up to MAX_LIST_HEIGHT it is
 * the identity. Above, it is linear while the window is over the list, so that its top reaches the content's
 * first row and its bottom the last, and equal outside (above the list and below its end), so that what
 * surrounds the grid scrolls as usual.
 */
export function scrollMapFor(contentHeight: number, viewport: number, maxHeight = MAX_LIST_HEIGHT): ScrollMap {
  if (contentHeight <= maxHeight) return { height: contentHeight, scaled: false, toContent: same, toList: same };
  const window = Math.min(Math.max(0, viewport), maxHeight / 2);
  const listSpan = maxHeight - window;
  const contentSpan = contentHeight - window;
  const ratio = contentSpan / listSpan;
  return {
    height: maxHeight,
    scaled: true,
    toContent: (offset) => (offset <= 0 ? offset : offset < listSpan ? offset * ratio : contentSpan + (offset - listSpan)),
    toList: (offset) => (offset <= 0 ? offset : offset < contentSpan ? offset / ratio : listSpan + (offset - contentSpan)),
  };
}
