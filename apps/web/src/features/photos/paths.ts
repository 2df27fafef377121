import { paths } from '../../lib/paths';

const id = encodeURIComponent;

/** The photo-library routes this feature owns. */
export const photoPaths = {
  timeline: paths.photos,
  preview: (photoId: string) => `${paths.photos}/preview/${id(photoId)}`,
  albums: paths.albums,
  album: (albumId: string) => `${paths.albums}/${id(albumId)}`,
  albumPreview: (albumId: string, photoId: string) => `${paths.albums}/${id(albumId)}/preview/${id(photoId)}`,
  sharedAlbum: (albumId: string) => `${paths.sharedAlbums}/${id(albumId)}`,
  sharedAlbumPreview: (albumId: string, photoId: string) => `${paths.sharedAlbums}/${id(albumId)}/preview/${id(photoId)}`,
  exportPage: (backupId: string) => `${paths.myPhotos}/exports/${id(backupId)}`,
} as const;
