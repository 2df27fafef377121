import { loadDateLocale } from '../../../lib/date-locale';
import { preloadNamespaces } from '../../../lib/i18n';
import type { AppServices } from '../../../lib/services';

export { SavedProjectsPage } from './saved-projects-page';

/** The page's texts and date formats load while its code downloads, so it renders complete. */
export async function loadSavedProjectsResources(services: Pick<AppServices, 'locale'>): Promise<void> {
  await Promise.all([preloadNamespaces(['projects']), loadDateLocale(services.locale)]);
}
