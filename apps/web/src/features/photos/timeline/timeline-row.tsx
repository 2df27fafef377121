import type { Photo } from '@shoebox/contracts';
import { memo } from 'react';
import { formatNumber } from '../lib/format-number';
import { isPhotoSelected, type SelectionState } from '../stores/selection';
import type { TimelineSection } from './layout';
import { PhotoTile, type TileContext } from './photo-tile';
import styles from './timeline.module.css';

export interface RowContext {
  columns: number;
  tileSize: number;
  selection: SelectionState;
  tile: TileContext;
  loadMoreLabel: (remaining: number) => string;
}

/** A month's loaded photos and whether more are being fetched, read once per month by the grid. */
export interface MonthState {
  photos: readonly Photo[];
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * One row of a month: its loaded photos, then (where the loaded part ends) a '+N' tile that loads more, then
 * grey placeholders for photos not loaded yet. Every row is exactly one tile high. It renders again only
 * when its month's photos, the selection or the grid change, never because the page scrolled.
 */
export const TimelineRow = memo(function TimelineRow({ section, row, top, month, context }: { section: TimelineSection; row: number; top: number; month: MonthState; context: RowContext }) {
  const { columns, selection } = context;
  const { photos } = month;
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
          aria-busy={month.loadingMore || undefined}
          onClick={() => {
            if (!month.loadingMore) month.loadMore();
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
