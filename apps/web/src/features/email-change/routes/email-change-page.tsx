import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { EmailChangeForm } from '../components/email-change-form';
import styles from './email-change-page.module.css';

/** /settings/email and /settings/b2b/email: the present address and the form for the new one. */
export function EmailChangePage() {
  const { t } = useTranslation('account');
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  return (
    <section className={styles.card}>
      <p className={styles.intro}>{t('emailChange.intro')}</p>
      <dl className={styles.current}>
        <dt>{t('emailChange.current')}</dt>
        <dd>{identity.email}</dd>
      </dl>
      <EmailChangeForm identity={identity} />
    </section>
  );
}
