import { preloadNamespaces } from '../../../lib/i18n';

export { EmailChangePage } from './email-change-page';
export { ChangeEmailConfirmationPage } from './change-email-confirmation-page';

/** The screens' texts load while their code downloads, so they render complete. */
export const loadEmailChangeResources = () => preloadNamespaces(['account']);
