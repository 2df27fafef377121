import type { ComponentType } from 'react';
import { loadNamespace } from '../../../lib/i18n';
import type { AppServices } from '../../../lib/services';
import { loadDateLocale } from '../lib/date-locale';

export { PhotosPage } from './photos-page';

/** The photo screens' texts and date formats, loaded (once) before they render. */
export async function loadPhotoResources(services: Pick<AppServices, 'locale'>): Promise<void> {
  await Promise.all([loadNamespace('photos'), loadDateLocale(services.locale)]);
}

/** The preview is its own chunk, fetched when a preview first opens. */
export async function loadPreviewPage(): Promise<ComponentType> {
  return (await import('../preview/preview-page')).PreviewPage;
}
