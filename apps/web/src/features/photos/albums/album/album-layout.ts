import { buildGridLayout, type GridLayout } from '../../grid/grid-layout';
import type { SectionKey } from '../../lib/section-key';

/** An album's photos form one section, without a heading; it loads in pages of whole sections of 24. */
export const ALBUM_SECTION_KEY: SectionKey = 'album';

/** An album: one section of all its photos, without a heading. */
export function buildAlbumLayout(photosCount: number, width: number): GridLayout {
  return buildGridLayout(photosCount > 0 ? [{ key: ALBUM_SECTION_KEY, year: 0, month: 0, unknown: false, count: photosCount }] : [], width, false);
}
