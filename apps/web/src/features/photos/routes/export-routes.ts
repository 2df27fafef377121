import { preloadNamespaces } from '../../../lib/i18n';
import type { AppServices } from '../../../lib/services';
import { loadDateLocale } from '../../../lib/date-locale';

export { ExportPage } from '../export/export-page';

/** The export page's texts and date formats, loaded while its code downloads, so it renders complete. */
export async function loadExportResources(services: Pick<AppServices, 'locale'>): Promise<void> {
  await Promise.all([preloadNamespaces(['exports']), loadDateLocale(services.locale)]);
}
