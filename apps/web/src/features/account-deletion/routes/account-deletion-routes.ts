import { preloadNamespaces } from '../../../lib/i18n';

export { DeleteAccountConfirmationPage } from './delete-account-confirmation-page';

/** The page's texts load while its code downloads, so it renders complete. */
export const loadAccountDeletionResources = () => preloadNamespaces(['account']);
