import { IDENTITY_ERROR_CODES } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { useConfirmationLink } from '../../../lib/confirmation-link';
import { serverRefusalOf } from '../../../lib/http/server-refusal';
import { ERROR_REASON_PARAM, paths } from '../../../lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/** The error page for a failure; an address taken meanwhile is named there (account-area §8). */
const failedPage = (error: unknown) =>
  serverRefusalOf(error)?.code === IDENTITY_ERROR_CODES.emailInUse ? `${paths.changeEmailError}?${ERROR_REASON_PARAM}=${IDENTITY_ERROR_CODES.emailInUse}` : paths.changeEmailError;

/** /change-email-confirmation: the link from the mail to the new address. */
export function ChangeEmailConfirmationPage() {
  const { t } = useTranslation('account');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const confirm = useConfirmEmailChange(identity);
  useConfirmationLink(confirm.mutateAsync, { confirmed: paths.changeEmailSuccess, failed: failedPage });
  return <Spinner label={t('emailChange.confirming')} />;
}
