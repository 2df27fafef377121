import type { SortOptions } from '@shoebox/contracts';
import type { DeletionEntry } from '../api/use-photo-deletion';
import type { GridSection } from '../grid/grid-layout';
import type { SectionKey } from '../lib/section-key';

/** What the timeline screen hands its preview route: the preview owns this shape, the screen fills it. */
export interface TimelineOutletContext {
  sort: SortOptions;
  sections: readonly GridSection[];
  /**
   * The counts are loaded and every month near the viewport has answered. A photo the server did not give
   * either is not there once this holds (a lookup that failed may still find it among these months).
   */
  settled: boolean;
  /** Back to the grid: back in history when the preview was opened from it, else to the timeline's address. */
  closePreview: () => void;
  /**
   * The preview has gone and the page is usable again: the grid goes back to where it was, or to the last
   * photo's month when that is not in view there (opened by its address, or moved on to another month).
   */
  onPreviewClosed: (lastPhotoId: string | undefined, section: SectionKey | undefined) => void;
  deletePhoto: (entry: DeletionEntry) => Promise<boolean>;
}
