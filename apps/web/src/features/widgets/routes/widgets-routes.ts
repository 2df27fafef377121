import { preloadNamespaces } from '../../../lib/i18n';

export { SharedBookPage } from './shared-book-page';
export { WidgetSharePage } from './widget-share-page';
export { WidgetsPage } from './widgets-page';

/** The photo-book screens' texts load while their code downloads, so they render complete. */
export async function loadWidgetsResources(): Promise<void> {
  await preloadNamespaces(['widgets']);
}
