import { paths } from '../../lib/paths';

/** The photo-library routes this feature owns. */
export const photoPaths = {
  timeline: paths.photos,
  preview: (photoId: string) => `${paths.photos}/preview/${encodeURIComponent(photoId)}`,
  albums: paths.albums,
} as const;
