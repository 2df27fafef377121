import type { Photo } from '@shoebox/contracts';
import { memo } from 'react';
import { formatNumber } from '../lib/format-number';
import { isPhotoSelected, type SelectionState } from '../stores/selection';
import type { GridSection } from './grid-layout';
import { PhotoTile, type TileContext } from './photo-tile';
import styles from './grid.module.css';

export interface RowContext {
  columns: number;
  tileSize: number;
  selection: SelectionState;
  tile: TileContext;
  loadMoreLabel: (remaining: number) => string;
}

/** A section's loaded photos and whether more are being fetched, read once per section by the grid. */
export interface SectionState {
  photos: readonly Photo[];
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * One row of a section: its loaded photos, then (where the loaded part ends) a '+N' tile that loads more, then
 * grey placeholders for photos not loaded yet. Every row is exactly one tile high. It renders again only
 * when its section's photos, the selection or the grid change, never because the page scrolled.
 */
export const GridRow = memo(function GridRow({ section, row, top, state, context }: { section: GridSection; row: number; top: number; state: SectionState; context: RowContext }) {
  const { columns, selection } = context;
  const { photos } = state;
  const first = row * columns;
  const last = Math.min(section.count, first + columns);
  const cells = [];

  for (let i = first; i < last; i++) {
    const photo = photos[i];
    if (photo) {
      cells.push(
        <PhotoTile
          key={photo.imageId}
          photo={photo}
          section={section}
          selected={selection.active && isPhotoSelected(selection, photo.imageId, section.key)}
          context={context.tile}
        />,
      );
    } else if (i === photos.length && photos.length > 0) {
      const remaining = section.count - photos.length;
      cells.push(
        <button
          key="more"
          type="button"
          className={`${styles.tile} ${styles.more}`}
          aria-label={context.loadMoreLabel(remaining)}
          aria-busy={state.loadingMore || undefined}
          onClick={() => {
            if (!state.loadingMore) state.loadMore();
          }}
        >
          <span aria-hidden="true">+{formatNumber(remaining)}</span>
        </button>,
      );
    } else {
      cells.push(<span key={`p${i}`} className={`${styles.tile} ${styles.placeholder}`} aria-hidden="true" />);
    }
  }

  return (
    <div className={styles.row} style={{ transform: `translateY(${top}px)`, height: context.tileSize }}>
      {cells}
    </div>
  );
});
