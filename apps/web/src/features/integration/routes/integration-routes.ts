import { preloadNamespaces } from '../../../lib/i18n';

export { IntegrationPage } from './integration-page';

/** The page's texts (in the settings namespace) load while its code downloads, so it renders complete. */
export const loadIntegrationResources = (): Promise<void> => preloadNamespaces(['settings']);
