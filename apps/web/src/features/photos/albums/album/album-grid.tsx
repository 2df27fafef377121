import type { Photo, SortOptions } from '@shoebox/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { useServices } from '../../../../lib/services';
import { albumPhotosQueryOptions } from '../../api/get-album-photos';
import { albumKeys, type AlbumKind } from '../../api/query-keys';
import { GridState } from '../../components/grid-state';
import { useSelection } from '../../stores/selection-context';
import type { GridLayout } from '../../grid/grid-layout';
import { GridControls } from '../../grid/grid-controls';
import { MeasuredGrid } from '../../grid/measured-grid';
import type { PhotoGridHandle } from '../../grid/photo-grid';
import type { SectionSource } from '../../grid/section-source';
import { useContentWidth } from '../../grid/use-content-width';
import { buildAlbumLayout } from './album-layout';
import styles from './album-page.module.css';

interface AlbumGridProps {
  kind: AlbumKind;
  albumId: string;
  albumName: string;
  photosCount: number;
  sort: SortOptions;
  onSortChange: (next: SortOptions) => void;
  paused: boolean;
  previewHref: (photo: Photo) => string;
  onOpen: (photo: Photo) => void;
  onLayout?: (layout: GridLayout | undefined) => void;
  gridRef: RefObject<PhotoGridHandle | null>;
}

/** Nothing waits for an album's grid to settle: its preview finds its own photo. */
const ignoreSettled = () => undefined;

/**
 * An album's photos: the grid's bar (the timeline's sort, order toggle and Select) above the photo grid,
 * holding one section without a heading, laid out from the album's count and loading in sections of 24 as
 * the window reaches them.
 */
export function AlbumGrid({ kind, albumId, albumName, photosCount, sort, onSortChange, paused, previewHref, onOpen, onLayout, gridRef }: AlbumGridProps) {
  const { t } = useTranslation('albums');
  const { t: tPhotos } = useTranslation('photos');
  const { selection, dispatch } = useSelection();
  const controls = useRef<HTMLDivElement>(null);
  const stickyHeight = useCallback(() => controls.current?.offsetHeight ?? 0, []);
  const { http } = useServices();
  const container = useContentWidth();
  const { width } = container;
  const layout = useMemo(() => (width > 0 ? buildAlbumLayout(photosCount, width) : undefined), [photosCount, width]);
  useLayoutEffect(() => onLayout?.(layout), [layout, onLayout]);

  const options = useMemo(() => albumPhotosQueryOptions(http, kind, albumId, sort), [http, kind, albumId, sort]);
  const source = useMemo<SectionSource>(
    () => ({ id: `${kind}:${albumId}:${sort.sortKey}:${sort.sortOrder}`, queryPrefix: albumKeys.photosOf(kind, albumId), sectionQuery: () => options }),
    [kind, albumId, sort, options],
  );
  // Date added first: an album's usual sort.
  const sortChoices = [
    { key: 'created', label: t('album.sortDateAdded'), tooltip: t('album.sortByDateAdded') },
    { key: 'dateTaken', label: t('album.sortDateTaken'), tooltip: tPhotos('controls.sortByDateTaken') },
  ] as const;
  // Only watches the album's photos (the grid's loader fetches them), to say when they could not be loaded.
  const photos = useInfiniteQuery({ ...options, enabled: false });

  if (photos.isError && !photos.data) {
    return (
      <GridState title={t('album.photosLoadError')} alert>
        <button type="button" className={buttonClass.secondary} onClick={() => void photos.refetch()}>
          {t('list.retry')}
        </button>
      </GridState>
    );
  }

  return (
    <>
      <GridControls
        ref={controls}
        label={t('album.gridLabel', { name: albumName })}
        sort={sort}
        choices={sortChoices}
        onSortChange={(next) => {
          if (selection.active) dispatch({ type: 'deselectAll' });
          onSortChange(next);
        }}
        selecting={selection.active}
        onSelect={() => dispatch({ type: 'start' })}
      />
      <section className={styles.grid} aria-label={t('album.gridLabel', { name: albumName })}>
        <MeasuredGrid
          ref={gridRef}
          container={container}
          layout={layout}
          source={source}
          paused={paused}
          stickyHeight={stickyHeight}
          previewHref={previewHref}
          onOpen={onOpen}
          onSettledChange={ignoreSettled}
        />
      </section>
    </>
  );
}
