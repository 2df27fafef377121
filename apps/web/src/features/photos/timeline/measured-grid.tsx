import type { TimelineLayout } from './layout';
import { ThumbnailTooltip } from './thumbnail-tooltip';
import { TimelineGrid, type TimelineGridProps } from './timeline-grid';
import type { MeasuredElement } from './use-content-width';
import styles from './timeline.module.css';

type MeasuredGridProps = Omit<TimelineGridProps, 'layout'> & {
  /** The element whose width lays the grid out; the screen measures it, as it also needs the layout. */
  container: MeasuredElement<HTMLDivElement>;
  /** Undefined until the container has a width (and, on the timeline, the counts have come). */
  layout: TimelineLayout | undefined;
};

/** The grid in its measured container, and the thumbnails' 'Taken on' tooltip: the timeline's and an album's alike. */
export function MeasuredGrid({ container, layout, ...grid }: MeasuredGridProps) {
  return (
    <>
      <div ref={container.ref} className={styles.gridContainer}>
        {layout && <TimelineGrid layout={layout} {...grid} />}
      </div>
      <ThumbnailTooltip container={container.element} />
    </>
  );
}
