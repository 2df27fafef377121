/**
 * What a shared book shows at once, as a printed book is leafed through: first its cover alone, then its pages
 * in spreads of two facing pages on a wide screen (pages 1–2, 3–4, …; an odd last page alone on the left), one
 * page at a time on a phone.
 */
export type BookView = { kind: 'cover' } | { kind: 'pages'; pages: number[] };

/** Where the reader is: the cover, or the first page (counted from 0) of what is shown. */
export const COVER = -1;

export function viewAt(at: number, pageCount: number, perView: 1 | 2): BookView {
  if (at === COVER || pageCount === 0) return { kind: 'cover' };
  const first = spreadStart(at, perView);
  return { kind: 'pages', pages: Array.from({ length: Math.min(perView, pageCount - first) }, (_, i) => first + i) };
}

/** The first page of the spread a page is on: turning a phone to a wide screen keeps the page in sight. */
export const spreadStart = (at: number, perView: 1 | 2) => (at === COVER ? COVER : at - (at % perView));

export function nextAt(at: number, pageCount: number, perView: 1 | 2): number {
  const next = at === COVER ? 0 : spreadStart(at, perView) + perView;
  return next < pageCount ? next : at;
}

export function previousAt(at: number, perView: 1 | 2): number {
  if (at === COVER) return COVER;
  const previous = spreadStart(at, perView) - perView;
  return previous < 0 ? COVER : previous;
}

export const hasNext = (at: number, pageCount: number, perView: 1 | 2) => nextAt(at, pageCount, perView) !== at;
export const hasPrevious = (at: number) => at !== COVER;
