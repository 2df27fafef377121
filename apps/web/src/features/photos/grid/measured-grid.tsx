import type { GridLayout } from './grid-layout';
import styles from './grid.module.css';
import { PhotoGrid, type PhotoGridProps } from './photo-grid';
import { ThumbnailTooltip } from './thumbnail-tooltip';
import type { MeasuredElement } from './use-content-width';

type MeasuredGridProps = Omit<PhotoGridProps, 'layout'> & {
  /** The element whose width lays the grid out; the screen measures it, as it also needs the layout. */
  container: MeasuredElement<HTMLDivElement>;
  /** Undefined until the container has a width (and, on the timeline, the counts have come). */
  layout: GridLayout | undefined;
};

/** The grid in its measured container, and the thumbnails' 'Taken on' tooltip: the timeline's and an album's alike. */
export function MeasuredGrid({ container, layout, ...grid }: MeasuredGridProps) {
  return (
    <>
      <div ref={container.ref} className={styles.gridContainer}>
        {layout && <PhotoGrid layout={layout} {...grid} />}
      </div>
      <ThumbnailTooltip container={container.element} />
    </>
  );
}
