import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePublicConfiguration } from '../../../api/storefront/get-public-configuration';
import { buttonClass } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';
import { NavButton } from '../../../components/ui/nav-button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useConfirmSubscription } from '../api/confirm-subscription';
import { FailurePage } from './failure-page';

const TOKEN_PARAM = 'confirmation-token';
const EMAIL_PARAM = 'email';

/** Confirms the double opt-in from the link in the email, then shows success or failure. */
export function SubscriptionConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmSubscription();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const confirmationToken = params.get(TOKEN_PARAM);
    const email = params.get(EMAIL_PARAM);
    const failed = () => void navigate(`${paths.subscriptionError}?${params.toString()}`, { replace: true });
    if (!confirmationToken || !email) return failed();
    confirm.mutate({ email, confirmationToken }, { onSuccess: () => void navigate(paths.subscriptionSuccess, { replace: true }), onError: failed });
  }, [confirm, navigate, params]);

  return (
    <MessagePanel title={t('titles.subscriptionConfirmation')}>
      <Spinner label={t('public.subscription.confirming')} />
    </MessagePanel>
  );
}

export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  return (
    <MessagePanel
      title={t('titles.subscriptionSuccess')}
      actions={
        <NavButton variant="primary" href={routes.storefront}>
          {t('public.subscription.continue')}
        </NavButton>
      }
    >
      <p>{t('public.subscription.successBody')}</p>
    </MessagePanel>
  );
}

export function SubscriptionErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const canRetry = params.has(TOKEN_PARAM) && params.has(EMAIL_PARAM);
  return (
    <FailurePage
      title={t('titles.subscriptionError')}
      body={t('public.subscription.errorBody')}
      tryAgain={
        canRetry ? (
          <Link className={buttonClass.primary} to={`${paths.subscriptionConfirmation}?${params.toString()}`}>
            {t('public.tryAgain')}
          </Link>
        ) : null
      }
    />
  );
}
