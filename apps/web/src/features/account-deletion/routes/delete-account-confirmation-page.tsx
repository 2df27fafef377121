import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { useConfirmationLink } from '../../../lib/confirmation-link';
import { paths } from '../../../lib/paths';
import { useConfirmAccountDeletion } from '../api/confirm-account-deletion';

/** /delete-account-confirmation: the link from the deletion mail. */
export function DeleteAccountConfirmationPage() {
  const { t } = useTranslation('account');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const confirm = useConfirmAccountDeletion(identity);
  useConfirmationLink(confirm.mutateAsync, { confirmed: paths.accountDeleted, failed: () => paths.deleteAccountError });
  return <Spinner label={t('deletion.confirming')} />;
}
