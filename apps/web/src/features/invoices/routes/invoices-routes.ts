import { preloadNamespaces } from '../../../lib/i18n';

export { InvoicesPage } from './invoices-page';

/** The page's texts load while its code downloads, so it renders complete. */
export const loadInvoicesResources = (): Promise<void> => preloadNamespaces(['invoices']);
