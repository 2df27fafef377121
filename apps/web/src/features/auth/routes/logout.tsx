import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import type { AppServices } from '../../../lib/services';

/** Clears the token cookies and ends the sign-in session at the provider, which returns to the account area. */
export const logoutLoader = (services: AppServices) => () => services.auth.signOut();

/** Shown while the browser is on its way to the provider's sign-out. */
export function LogoutPage() {
  const { t } = useTranslation();
  return (
    <main id="main" style={{ padding: '48px 16px' }}>
      <Spinner label={t('auth.signingOut')} />
    </main>
  );
}
