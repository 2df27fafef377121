import { preloadNamespaces } from '../../../lib/i18n';
import { loadDateLocale } from '../../../lib/date-locale';
import type { AppServices } from '../../../lib/services';

export { OrdersPage } from './orders-page';
export { OrderDetailsPage } from './order-details-page';

/** The order screens' texts and date formats load while their code downloads, so they render complete. */
export async function loadOrdersResources(services: Pick<AppServices, 'locale'>): Promise<void> {
  await Promise.all([preloadNamespaces(['orders']), loadDateLocale(services.locale)]);
}
