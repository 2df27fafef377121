import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfiguration } from '../../../api/storefront/get-public-configuration';
import { buttonClass } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';
import { NavButton } from '../../../components/ui/nav-button';
import { paths } from '../../../lib/paths';

export function ChangeEmailSuccessPage() {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  return (
    <MessagePanel
      title={t('titles.changeEmailSuccess')}
      actions={
        <>
          <Link className={buttonClass.primary} to={paths.overview}>
            {t('public.changeEmailSuccess.login')}
          </Link>
          <NavButton variant="secondary" href={routes.storefront}>
            {t('public.changeEmailSuccess.continue')}
          </NavButton>
        </>
      }
    >
      <p>{t('public.changeEmailSuccess.body')}</p>
    </MessagePanel>
  );
}
