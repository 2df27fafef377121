import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { FailurePage } from './failure-page';

export function DeleteAccountErrorPage() {
  const { t } = useTranslation();
  return (
    <FailurePage
      title={t('titles.deleteAccountError')}
      body={t('public.deleteAccountError.body')}
      tryAgain={
        <Link className={buttonClass.primary} to={paths.settings}>
          {t('public.tryAgain')}
        </Link>
      }
    />
  );
}

export function ChangeEmailErrorPage() {
  const { t } = useTranslation();
  return (
    <FailurePage
      title={t('titles.changeEmailError')}
      body={t('public.changeEmailError.body')}
      tryAgain={
        <Link className={buttonClass.primary} to={paths.changeEmail}>
          {t('public.tryAgain')}
        </Link>
      }
    />
  );
}
