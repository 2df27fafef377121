import type { ComponentType } from 'react';
import { preloadNamespaces } from '../../../lib/i18n';
import type { AppServices } from '../../../lib/services';
import { ARCHIVE_DOWNLOAD_NAMESPACES } from '../../downloads';
import { loadDateLocale } from '../../../lib/date-locale';

export { PhotoLibraryLayout } from './photo-library-layout';
export { PhotosPage } from './photos-page';

/**
 * The photo screens' texts (the albums' too: copying to an album starts on the timeline; the downloads' for a
 * selection's Download) and date formats, loaded once before they render.
 */
export async function loadPhotoResources(services: Pick<AppServices, 'locale'>): Promise<void> {
  await Promise.all([preloadNamespaces(['photos', 'albums', ...ARCHIVE_DOWNLOAD_NAMESPACES]), loadDateLocale(services.locale)]);
}

/** The preview is its own chunk, fetched when a preview first opens. */
export async function loadPreviewPage(): Promise<ComponentType> {
  return (await import('../preview/preview-page')).PreviewPage;
}

/** Album screens are their own chunks, fetched when one first opens. */
export const loadAlbumsPage = async (): Promise<ComponentType> => (await import('../albums/list/albums-page')).AlbumsPage;
export const loadAlbumPage = async (): Promise<ComponentType> => (await import('../albums/album/album-page')).AlbumPage;
export const loadSharedAlbumPage = async (): Promise<ComponentType> => (await import('../albums/shared/shared-album-page')).SharedAlbumPage;
export const loadAlbumPreviewPage = async (): Promise<ComponentType> => (await import('../albums/album/album-preview-page')).AlbumPreviewPage;
