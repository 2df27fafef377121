import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfiguration } from '../../../api/storefront/get-public-configuration';
import { MessagePanel } from '../../../components/ui/message-panel';
import { NavButton } from '../../../components/ui/nav-button';

/** The shape every failure page shares: what went wrong, a way to try again, and customer care. */
export function FailurePage({ title, body, tryAgain }: { title: string; body: string; tryAgain: ReactNode }) {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  return (
    <MessagePanel
      title={title}
      actions={
        <>
          {tryAgain}
          <NavButton variant="secondary" href={routes.customerCare}>
            {t('public.contactCustomerCare')}
          </NavButton>
        </>
      }
    >
      <p>{body}</p>
    </MessagePanel>
  );
}
