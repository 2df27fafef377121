import type { Photo, SortOptions } from '@shoebox/contracts';
import type { AlbumKind } from '../../api/query-keys';

/** What an album's preview (rendered over the album's grid) gets from the screen underneath it. */
export interface AlbumOutletContext {
  kind: AlbumKind;
  albumId: string;
  sort: SortOptions;
  previewPath: (photo: Photo) => string;
  /** Back to the grid: back in history when the preview was opened from it, else to the album's address. */
  closePreview: () => void;
  onPreviewClosed: (lastPhotoId: string | undefined) => void;
  /** A shared album's photos can only be downloaded: copy and delete show why they are unavailable. */
  readOnly: boolean;
  /** Takes the previewed photo out of the album (own albums). */
  removePhoto?: (photo: Photo) => void;
  /** Deletes the previewed photo from the library (own albums). */
  deletePhoto?: (photo: Photo) => void;
}

/** Set on the navigation that opens a preview from the grid, so closing it goes back in history. */
export interface PreviewState {
  fromGrid?: boolean;
}
