import { preloadNamespaces } from '../../../lib/i18n';

export { DownloadsPage } from './downloads-page';

/** The page's texts load while its code downloads, so it renders complete. */
export const loadDownloadsResources = (): Promise<void> => preloadNamespaces(['downloads']);
