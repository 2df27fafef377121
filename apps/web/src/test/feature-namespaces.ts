import i18next from 'i18next';
import enGBAlbums from '../../public/locales/en-GB/albums.json';
import enGBPhotos from '../../public/locales/en-GB/photos.json';
import enGBStorage from '../../public/locales/en-GB/storage.json';
import enGBUpload from '../../public/locales/en-GB/upload.json';

/**
 * Adds the English feature namespaces to i18next at once, as `loadNamespace` would after fetching them,
 * so lazily loaded screens render their real texts without a request.
 */
export function addFeatureNamespaces(): void {
  i18next.addResourceBundle('en-GB', 'photos', enGBPhotos, true, true);
  i18next.addResourceBundle('en-GB', 'albums', enGBAlbums, true, true);
  i18next.addResourceBundle('en-GB', 'upload', enGBUpload, true, true);
  i18next.addResourceBundle('en-GB', 'storage', enGBStorage, true, true);
}
