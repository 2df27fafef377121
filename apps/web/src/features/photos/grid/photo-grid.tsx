import type { Photo } from '@shoebox/contracts';
import { InfiniteQueryObserver, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedPhotos, type SectionData } from '../api/photo-pages';
import { useSelection } from '../stores/selection-context';
import { isMonthSelected } from '../stores/selection';
import { writeScrollMemory, type TimelineScrollMemory } from '../stores/scroll-memory';
import { itemsInWindow, LARGE_TILE_MIN_WIDTH, sectionIndexAtOffset, sectionsInWindow, type GridLayout, type GridSection } from './grid-layout';
import { SectionLoader } from './section-loader';
import { SectionHeader } from './section-header';
import type { TileContext } from './photo-tile';
import type { SectionSource } from './section-source';
import { GridRow, type RowContext, type SectionState } from './grid-row';
import styles from './grid.module.css';
import { scrollMapFor } from './scroll-map';
import { useActiveSections } from './use-active-sections';
import { useSectionCacheUpdates } from './use-section-cache-updates';
import { useWindowScroll } from './use-window-scroll';

/** Rows rendered above and below the visible ones: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN_ROWS = 2;
/**
 * In a list whose positions are mapped (scroll-map.ts), the rendered rows are placed from a multiple of this
 * content offset, so that their own offsets stay small and change only when the window passes one.
 */
const ANCHOR_STEP = 1_000_000;

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
 * The virtualized grid: only the rows near the viewport exist in the DOM, every heading and row sits at the
 * exact offset the counts give, and the sections near the viewport load (further ones are aborted). The
 * timeline's months and an album's photos alike, at any size: past the height a browser lays out, the
 * window's position is mapped onto the content (scroll-map.ts).
 */
export function PhotoGrid({ layout, source, paused, stickyHeight, previewHref, onOpen, onSettledChange, ref }: PhotoGridProps) {
  const { t } = useTranslation('photos');
  const { selection, dispatch } = useSelection();
  const queryClient = useQueryClient();
  useSectionCacheUpdates(source.queryPrefix);
  const list = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(list);

  const { scrollY, height: viewport, scrolling: isScrolling } = useWindowScroll();
  const map = useMemo(() => scrollMapFor(layout.totalHeight, viewport), [layout.totalHeight, viewport]);
  // The window in the list and in the content: the same but where positions are mapped.
  const windowInList = scrollY - scrollMargin;
  const windowTop = map.toContent(windowInList);

  // The window on the content: load about one viewport around it, keep loading within two.
  const listTop = Math.max(0, windowTop);
  const near = sectionsInWindow(layout, listTop - viewport, listTop + 2 * viewport);
  const keep = new Set(sectionsInWindow(layout, listTop - 2 * viewport, listTop + 3 * viewport).map((d) => d.section.key));
  const active = useActiveSections(near, keep, isScrolling);

  // Settled: every section near the viewport has answered. The preview waits for it before it says "not found".
  const fetching = useIsFetching({ queryKey: source.queryPrefix });
  const settled =
    layout.sections.length === 0 ||
    (active.length > 0 && fetching === 0 && active.every((m) => queryClient.getQueryState(source.sectionQuery(m.section).queryKey)?.status !== 'pending'));
  useEffect(() => onSettledChange(settled), [settled, onSettledChange]);

  // Remember where the grid is (first visible section and scroll position) whenever it comes to rest.
  const firstVisible = sectionIndexAtOffset(layout, listTop + stickyHeight());
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
        return section ? scrollMargin + map.toList(section.top - stickyHeight()) : 0;
      };
      return {
        jumpTo: (index) => window.scrollTo({ top: sectionTop(index), behavior: 'instant' }),
        restore: ({ section, scrollY: remembered }) => {
          const target = layout.sections[section];
          const offset = map.toContent(remembered - scrollMargin) + stickyHeight();
          const fits = target && offset >= target.top && offset < target.top + target.height;
          window.scrollTo({ top: fits || !target ? remembered : sectionTop(section), behavior: 'instant' });
        },
        focusPhoto: (photoId) => {
          const tile = list.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(photoId)}"]`);
          tile?.focus({ preventScroll: true });
        },
        reveal: (index) => {
          const section = layout.sections[index];
          if (!section) return;
          const shown = map.toContent(window.scrollY - scrollMargin);
          const inView = section.top + section.height > shown + stickyHeight() && section.top < shown + window.innerHeight;
          if (!inView) window.scrollTo({ top: sectionTop(index), behavior: 'instant' });
        },
      };
    },
    [layout, map, scrollMargin, stickyHeight],
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
  scrolling.current = isScrolling;
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

  // Rendered rows sit at their content offsets from an anchor; their layer sits where the anchor shows. Where
  // positions are equal both are 0, and a row moves only with the page.
  const overscan = OVERSCAN_ROWS * layout.rowHeight;
  const items = itemsInWindow(layout, windowTop - overscan, windowTop + viewport + overscan);
  const anchor = map.scaled ? Math.floor(Math.max(0, windowTop) / ANCHOR_STEP) * ANCHOR_STEP : 0;
  const layerTop = anchor - windowTop + windowInList;

  return (
    <>
      <div ref={list} className={styles.list} style={{ height: map.height, ['--columns' as string]: layout.columns }}>
        <div className={styles.layer} style={{ top: layerTop }}>
        {items.map((item) => {
          const top = item.top - anchor;
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
      </div>
      {active.map((m) => (
        <SectionLoader key={`${source.id}:${m.key}`} query={source.sectionQuery(m.section)} wanted={m.wanted} />
      ))}
    </>
  );
}
