import { preloadNamespaces } from '../../../lib/i18n';

export { SettingsPage } from './settings-page';
export { BusinessSettingsPage } from './business-settings-page';
export { PersonalDetailsPage } from './personal-details-page';
export { PaymentMethodPage } from './payment-method-page';

/** The settings screens' texts load while their code downloads, so they render complete. */
export const loadSettingsResources = (): Promise<void> => preloadNamespaces(['settings']);
