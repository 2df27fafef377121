import type { Photo } from '@shoebox/contracts';
import { InfiniteQueryObserver, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedPhotos, type SectionData } from '../api/photo-pages';
import { useSelection } from '../stores/selection-context';
import { isMonthSelected } from '../stores/selection';
import { writeScrollMemory, type TimelineScrollMemory } from '../stores/scroll-memory';
import { itemAt, itemSize, LARGE_TILE_MIN_WIDTH, sectionIndexAtOffset, sectionsInWindow, type GridLayout, type GridSection } from './grid-layout';
import { SectionLoader } from './section-loader';
import { SectionHeader } from './section-header';
import type { TileContext } from './photo-tile';
import type { SectionSource } from './section-source';
import { GridRow, type RowContext, type SectionState } from './grid-row';
import styles from './grid.module.css';
import { useActiveSections } from './use-active-sections';
import { useSectionCacheUpdates } from './use-section-cache-updates';

/** Rows rendered above and below the visible ones: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN_ROWS = 2;

export interface PhotoGridHandle {
  /** Scrolls so that the section's heading sits just below the sticky controls. */
  jumpTo(sectionIndex: number): void;
  /** Puts the window back where the memory says; if the layout changed since, at the remembered section. */
  restore(memory: TimelineScrollMemory): void;
  /** Focuses a photo's tile if it is rendered, without scrolling. */
  focusPhoto(photoId: string): void;
  /** Jumps to the section unless some of it is in view already. */
  reveal(sectionIndex: number): void;
}

export interface PhotoGridProps {
  layout: GridLayout;
  /** Where the sections' photos come from: the timeline's months, or an album. */
  source: SectionSource;
  /** A preview covers the grid: the scroll position is not remembered meanwhile. */
  paused: boolean;
  /** Height of the sticky controls above the grid. */
  stickyHeight: () => number;
  previewHref: (photo: Photo) => string;
  /** Opens a photo's preview. */
  onOpen: (photo: Photo) => void;
  /** Whether the sections near the viewport have all answered (loaded or failed). */
  onSettledChange: (settled: boolean) => void;
  ref?: Ref<PhotoGridHandle>;
}

/** The list's top in the document, kept up to date when anything above it changes height. */
function useDocumentTop(element: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const node = element.current;
      if (node) setTop(node.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element]);
  return top;
}

/**
 * Item keys for a layout: the indexes, cheap for tens of thousands of rows. A new function per layout
 * tells the virtualizer that every size may have changed.
 */
const itemKeysOf = (_layout: GridLayout) => (index: number) => index;

/**
 * The virtualized grid: only the rows near the viewport exist in the DOM, every heading and row sits at the
 * exact offset the counts give, and the sections near the viewport load (further ones are aborted). The
 * timeline's months and an album's photos alike.
 */
export function PhotoGrid({ layout, source, paused, stickyHeight, previewHref, onOpen, onSettledChange, ref }: PhotoGridProps) {
  const { t } = useTranslation('photos');
  const { selection, dispatch } = useSelection();
  const queryClient = useQueryClient();
  useSectionCacheUpdates(source.queryPrefix);
  const list = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(list);

  const estimateSize = useCallback((index: number) => itemSize(layout, index), [layout]);
  const getItemKey = useMemo(() => itemKeysOf(layout), [layout]);

  const virtualizer = useWindowVirtualizer({ count: layout.itemCount, estimateSize, getItemKey, overscan: OVERSCAN_ROWS, scrollMargin });

  // The window on the list, in list pixels: load about one viewport around it, keep loading within two.
  const viewport = virtualizer.scrollRect?.height || window.innerHeight;
  const listTop = Math.max(0, (virtualizer.scrollOffset ?? window.scrollY) - scrollMargin);
  const near = sectionsInWindow(layout, listTop - viewport, listTop + 2 * viewport);
  const keep = new Set(sectionsInWindow(layout, listTop - 2 * viewport, listTop + 3 * viewport).map((d) => d.section.key));
  const active = useActiveSections(near, keep, virtualizer.isScrolling);

  // Settled: every section near the viewport has answered. The preview waits for it before it says "not found".
  const fetching = useIsFetching({ queryKey: source.queryPrefix });
  const settled =
    layout.sections.length === 0 ||
    (active.length > 0 && fetching === 0 && active.every((m) => queryClient.getQueryState(source.sectionQuery(m.section).queryKey)?.status !== 'pending'));
  useEffect(() => onSettledChange(settled), [settled, onSettledChange]);

  // Remember where the grid is (first visible section and scroll position) whenever it comes to rest.
  const firstVisible = sectionIndexAtOffset(layout, listTop + stickyHeight());
  const { isScrolling } = virtualizer;
  useEffect(() => {
    if (!paused && !isScrolling && firstVisible >= 0) writeScrollMemory({ section: firstVisible, scrollY: window.scrollY });
  }, [firstVisible, listTop, paused, isScrolling]);

  // Each rendered section's photos, as the same object until they change, so unchanged rows do not render.
  const sections = useRef(new Map<string, SectionState & { data: SectionData | undefined }>());
  const seen = new Map<string, SectionState & { data: SectionData | undefined }>();
  const sectionState = (section: GridSection): SectionState => {
    const key = `${source.id}:${section.key}`;
    const cached = seen.get(key);
    if (cached) return cached;
    const options = source.sectionQuery(section);
    const query = queryClient.getQueryCache().find<SectionData>({ queryKey: options.queryKey, exact: true });
    const data = query?.state.data;
    const loadingMore = !!data && query?.state.fetchStatus === 'fetching';
    const previous = sections.current.get(key);
    const state =
      previous && previous.data === data && previous.loadingMore === loadingMore
        ? previous
        : {
            data,
            loadingMore,
            photos: pagedPhotos(data),
            loadMore: () => void new InfiniteQueryObserver(queryClient, options).fetchNextPage(),
          };
    seen.set(key, state);
    return state;
  };
  const sectionFailed = (section: GridSection) => {
    const state = queryClient.getQueryState(source.sectionQuery(section).queryKey);
    return state?.status === 'error' && !state.data;
  };
  const retrySection = useCallback(
    (section: GridSection) => void queryClient.refetchQueries({ queryKey: source.sectionQuery(section).queryKey, exact: true }),
    [queryClient, source],
  );

  useImperativeHandle(
    ref,
    () => {
      const sectionTop = (index: number) => {
        const section = layout.sections[index];
        return section ? scrollMargin + section.top - stickyHeight() : 0;
      };
      return {
        jumpTo: (index) => window.scrollTo({ top: sectionTop(index), behavior: 'instant' }),
        restore: ({ section, scrollY }) => {
          const target = layout.sections[section];
          const offset = scrollY - scrollMargin + stickyHeight();
          const fits = target && offset >= target.top && offset < target.top + target.height;
          window.scrollTo({ top: fits || !target ? scrollY : sectionTop(section), behavior: 'instant' });
        },
        focusPhoto: (photoId) => {
          const tile = list.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(photoId)}"]`);
          tile?.focus({ preventScroll: true });
        },
        reveal: (index) => {
          const section = layout.sections[index];
          if (!section) return;
          const top = scrollMargin + section.top;
          const inView = top + section.height > window.scrollY + stickyHeight() && top < window.scrollY + window.innerHeight;
          if (!inView) window.scrollTo({ top: sectionTop(index), behavior: 'instant' });
        },
      };
    },
    [layout, scrollMargin, stickyHeight],
  );

  const onToggle = useCallback(
    (photo: Photo, section: GridSection) => dispatch({ type: 'toggle', id: photo.imageId, month: section.key, monthCount: section.count }),
    [dispatch],
  );
  const onSelectAll = useCallback(
    (section: GridSection, select: boolean) => {
      dispatch({ type: 'start' });
      dispatch(select ? { type: 'selectMonth', month: section.key } : { type: 'deselectMonth', month: section.key, allMonths: layout.sections.map((s) => s.key) });
    },
    [dispatch, layout],
  );

  // Read by tiles as they appear; a ref, so that scrolling starting or stopping re-renders no tile.
  const scrolling = useRef(false);
  scrolling.current = virtualizer.isScrolling;
  const readScrolling = useCallback(() => scrolling.current, []);

  const thumbnailSize = layout.tileSize >= LARGE_TILE_MIN_WIDTH ? 800 : 300;
  const tileContext = useMemo<TileContext>(
    () => ({
      size: thumbnailSize,
      selecting: selection.active,
      onToggle,
      href: previewHref,
      onOpen: (photo: Photo, event: MouseEvent<HTMLAnchorElement>) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(photo);
      },
      fallbackName: t('timeline.photoFallbackName'),
      failedText: t('timeline.thumbnailFailed'),
      isScrolling: readScrolling,
    }),
    [thumbnailSize, selection.active, onToggle, previewHref, onOpen, t, readScrolling],
  );
  const rowContext = useMemo<RowContext>(
    () => ({ columns: layout.columns, tileSize: layout.tileSize, selection, tile: tileContext, loadMoreLabel: (count: number) => t('timeline.loadMore', { count }) }),
    [layout.columns, layout.tileSize, selection, tileContext, t],
  );

  useLayoutEffect(() => {
    sections.current = seen;
  });

  return (
    <>
      <div ref={list} className={styles.list} style={{ height: layout.totalHeight, ['--columns' as string]: layout.columns }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = itemAt(layout, virtual.index);
          if (!item) return null;
          const top = virtual.start - scrollMargin;
          if (item.kind === 'header') {
            return (
              <SectionHeader
                key={`h${item.section.key}`}
                section={item.section}
                top={top}
                height={layout.headerHeight}
                selected={selection.active && isMonthSelected(selection, item.section.key)}
                failed={sectionFailed(item.section)}
                onSelectAll={onSelectAll}
                onRetry={retrySection}
              />
            );
          }
          return <GridRow key={`r${item.section.key}:${item.row}`} section={item.section} row={item.row} top={top} state={sectionState(item.section)} context={rowContext} />;
        })}
      </div>
      {active.map((m) => (
        <SectionLoader key={`${source.id}:${m.key}`} query={source.sectionQuery(m.section)} wanted={m.wanted} />
      ))}
    </>
  );
}
