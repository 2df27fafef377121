import { IDENTITY_ERROR_CODES } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ERROR_REASON_PARAM, paths } from '../../../lib/paths';
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

/** 'Your email wasn't changed'; when the new address turned out to be taken, the page says so (account-area §8). */
export function ChangeEmailErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const inUse = params.get(ERROR_REASON_PARAM) === IDENTITY_ERROR_CODES.emailInUse;
  return (
    <FailurePage
      title={t('titles.changeEmailError')}
      body={inUse ? t('public.changeEmailError.inUse') : t('public.changeEmailError.body')}
      tryAgain={
        <Link className={buttonClass.primary} to={paths.changeEmail}>
          {t('public.tryAgain')}
        </Link>
      }
    />
  );
}
