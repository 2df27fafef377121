import type { BookPhoto } from '@shoebox/contracts';

/** The photo's sizes as a srcset: the browser fetches the smallest that fills the place it is shown in. */
export const srcSetOf = (photo: BookPhoto) => photo.sources.map((s) => `${s.url} ${s.width}w`).join(', ');

/** How wide a book page is drawn (book-viewer.module.css): the phone's width, or at most 520px of a wide screen. */
const PAGE_WIDTH = { phone: '100vw - 32px', wide: '40vw' };
const PAGE_MAX_PX = 520;

/**
 * The `sizes` of a lazy image that takes at most `fraction` of a page's width: measured where it is laid out
 * (`auto`); a browser that cannot measure falls back to that share of the page's width.
 */
export function sizesOf(fraction: number): string {
  return `auto, (max-width: 574.98px) calc((${PAGE_WIDTH.phone}) * ${fraction}), min(calc(${PAGE_WIDTH.wide} * ${fraction}), ${Math.round(PAGE_MAX_PX * fraction)}px)`;
}
