import type { SortOptions } from '@shoebox/contracts';
import type { DeletionEntry } from '../api/use-photo-deletion';
import type { GridSection } from '../grid/grid-layout';

/** What the timeline screen hands its preview route: the preview owns this shape, the screen fills it. */
export interface TimelineOutletContext {
  sort: SortOptions;
  sections: readonly GridSection[];
  /** The counts are loaded and every month near the viewport has answered: a photo not found now is not there. */
  settled: boolean;
  /** Back to the grid: back in history when the preview was opened from it, else to the timeline's address. */
  closePreview: () => void;
  /** The preview has gone and the page is usable again: the grid goes back to where it was. */
  onPreviewClosed: (lastPhotoId: string | undefined) => void;
  deletePhoto: (entry: DeletionEntry) => Promise<boolean>;
}
