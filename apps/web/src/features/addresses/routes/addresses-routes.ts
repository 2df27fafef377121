import { preloadNamespaces } from '../../../lib/i18n';

export { AddressesPage } from './addresses-page';
export { AddressPage } from './address-page';

/** The address screens' texts load while their code downloads, so they render complete. */
export async function loadAddressesResources(): Promise<void> {
  await preloadNamespaces(['addresses']);
}
