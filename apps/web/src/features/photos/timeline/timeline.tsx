import type { Photo, SortOptions } from '@shoebox/contracts';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useServices } from '../../../lib/services';
import { useTimelineCounts } from '../api/get-timeline-counts';
import { timelineMonthQueryOptions } from '../api/get-timeline-month';
import { photoKeys } from '../api/query-keys';
import { GridState } from '../components/grid-state';
import { useSelection } from '../stores/selection-context';
import { usePhotosSort } from '../stores/sort-options';
import { AddPhotosButton } from '../upload/components/add-photos-button';
import type { GridLayout } from '../grid/grid-layout';
import { MeasuredGrid } from '../grid/measured-grid';
import type { PhotoGridHandle } from '../grid/photo-grid';
import type { SectionSource } from '../grid/section-source';
import { useContentWidth } from '../grid/use-content-width';
import { TimelineControls } from './timeline-controls';
import { buildTimelineLayout } from './timeline-layout';
import styles from './timeline.module.css';

interface TimelineProps {
  paused: boolean;
  previewHref: (photo: Photo) => string;
  onOpen: (photo: Photo) => void;
  onSettledChange: (settled: boolean) => void;
  onLayout: (layout: GridLayout | undefined) => void;
  gridRef: RefObject<PhotoGridHandle | null>;
}

/**
 * The photos timeline: the counts per month first (loader, error and empty states), then the grid built from
 * them, with its controls and the thumbnail tooltip.
 */
export function Timeline({ paused, previewHref, onOpen, onSettledChange, onLayout, gridRef }: TimelineProps) {
  const { t } = useTranslation('photos');
  const { http } = useServices();
  const [sort, setSort] = usePhotosSort();
  const source = useMemo<SectionSource>(
    () => ({
      id: `timeline:${sort.sortKey}:${sort.sortOrder}`,
      queryPrefix: photoKeys.timelineMonths(),
      sectionQuery: (section) => timelineMonthQueryOptions(http, sort, section.year, section.month),
    }),
    [http, sort],
  );
  const counts = useTimelineCounts(sort.sortKey);
  const { selection, dispatch } = useSelection();
  const container = useContentWidth();
  const { width } = container;
  const controls = useRef<HTMLDivElement>(null);
  const stickyHeight = useCallback(() => controls.current?.offsetHeight ?? 0, []);

  const layout = useMemo(
    () => (counts.data && width > 0 ? buildTimelineLayout(counts.data, sort.sortOrder, width) : undefined),
    [counts.data, sort.sortOrder, width],
  );
  useLayoutEffect(() => onLayout(layout), [layout, onLayout]);
  // The jump list (hundreds of months in a big library) renders after the grid, in its own slice of time.
  const jumpLayout = useDeferredValue(layout);

  const failed = counts.isError && !counts.data;
  const empty = !!counts.data && Object.values(counts.data).every((months) => Object.values(months).every((n) => n <= 0));
  // Without a grid there is nothing more to load: a preview over it knows its photo is not there.
  useLayoutEffect(() => {
    if (failed || empty) onSettledChange(true);
  }, [failed, empty, onSettledChange]);

  const onSortChange = (next: SortOptions) => {
    if (selection.active) dispatch({ type: 'deselectAll' });
    setSort(next);
    const top = container.element.current ? container.element.current.getBoundingClientRect().top + window.scrollY - stickyHeight() : 0;
    if (window.scrollY > top) window.scrollTo({ top, behavior: 'instant' });
  };

  if (counts.isPending) return <Spinner label={t('timeline.loading')} />;
  if (failed) {
    return (
      <GridState title={t('timeline.loadError')} alert>
        <button type="button" className={buttonClass.secondary} onClick={() => void counts.refetch()}>
          {t('timeline.retry')}
        </button>
      </GridState>
    );
  }
  if (empty) {
    return (
      <GridState title={t('timeline.empty')}>
        <p>{t('timeline.emptyHint')}</p>
        <AddPhotosButton />
      </GridState>
    );
  }

  return (
    <section className={styles.timeline} aria-label={t('timeline.label')}>
      <TimelineControls
        ref={controls}
        layout={jumpLayout}
        sort={sort}
        onSortChange={onSortChange}
        onJump={(index) => gridRef.current?.jumpTo(index)}
        selecting={selection.active}
        onSelect={() => dispatch({ type: 'start' })}
      />
      <MeasuredGrid
        ref={gridRef}
        container={container}
        layout={layout}
        source={source}
        paused={paused}
        stickyHeight={stickyHeight}
        previewHref={previewHref}
        onOpen={onOpen}
        onSettledChange={onSettledChange}
      />
    </section>
  );
}
