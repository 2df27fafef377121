import type { Photo } from '@shoebox/contracts';
import { memo, useEffect, useState, type MouseEvent } from 'react';
import { thumbnailUrl } from '../lib/thumbnails';
import type { GridSection } from './grid-layout';
import styles from './grid.module.css';
import { DWELL_MS } from './use-active-sections';

/** What every tile shares: set once per grid, so a scroll re-renders no tile. */
export interface TileContext {
  /** 300 for small and medium grids, 800 for large ones. */
  size: 300 | 800;
  selecting: boolean;
  onToggle: (photo: Photo, section: GridSection) => void;
  /** Where the tile leads outside selection mode. */
  href: (photo: Photo) => string;
  /** Opens the preview (a plain click); other clicks (new tab, …) follow the link. */
  onOpen: (photo: Photo, event: MouseEvent<HTMLAnchorElement>) => void;
  fallbackName: string;
  failedText: string;
  /** Whether the grid is scrolling right now (read when a tile appears, so scrolling re-renders no tile). */
  isScrolling: () => boolean;
}

/**
 * A tile that appears while the grid scrolls asks for its thumbnail only once it has stayed DWELL_MS: a
 * fast scroll through thousands of photos then fetches the pictures it stops at, not every one it passed.
 */
function useSettledAppearance(isScrolling: () => boolean): boolean {
  const [settled, setSettled] = useState(() => !isScrolling());
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), DWELL_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  return settled;
}

/**
 * One photo of the grid: a link to its preview, or in selection mode a checkbox. It carries its date taken
 * for the grid's single 'Taken on' tooltip, and shows its own failure state when its thumbnail cannot load.
 */
export const PhotoTile = memo(function PhotoTile({ photo, section, selected, context }: { photo: Photo; section: GridSection; selected: boolean; context: TileContext }) {
  const [failed, setFailed] = useState(false);
  const settled = useSettledAppearance(context.isScrolling);
  const name = photo.localFileName || context.fallbackName;
  const picture = !settled ? null : failed ? (
    <span className={styles.failed}>
      <span className={styles.failedIcon} aria-hidden="true" />
      <span className={styles.failedText}>{context.failedText}</span>
    </span>
  ) : (
    <img className={styles.image} src={thumbnailUrl(photo, context.size)} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setFailed(true)} />
  );

  if (context.selecting) {
    return (
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={name}
        className={`${styles.tile} ${selected ? styles.selected : ''}`}
        data-photo-id={photo.imageId}
        data-date-taken={photo.dateTaken}
        onClick={() => context.onToggle(photo, section)}
      >
        {picture}
        <span className={styles.check} aria-hidden="true" />
      </button>
    );
  }
  return (
    <a
      href={context.href(photo)}
      aria-label={name}
      className={styles.tile}
      data-photo-id={photo.imageId}
      data-date-taken={photo.dateTaken}
      onClick={(event) => context.onOpen(photo, event)}
      draggable={false}
    >
      {picture}
    </a>
  );
});
