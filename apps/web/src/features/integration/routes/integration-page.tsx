import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/customer/get-me';
import { ListLoadError } from '../../../components/ui/list-notices';
import { Spinner } from '../../../components/ui/spinner';
import { CallbackForm } from '../components/callback-form';
import { Section } from '../../../components/ui/section';
import { FtpInstructions } from '../components/ftp-instructions';
import styles from '../components/integration.module.css';

/** /integration (business, §2.1 'FTP instructions'): how to send order files by FTP, and the order-ready callback. */
export function IntegrationPage() {
  const { t } = useTranslation('settings');
  const { t: common } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Spinner label={t('page.loading')} />;
  if (me.isError) return <ListLoadError message={common('errors.settings')} retryLabel={common('errors.tryAgain')} onRetry={() => void me.refetch()} />;
  return (
    <div className={styles.page}>
      <FtpInstructions customerNumber={me.data.id} />
      <Section title={t('ftp.callbackHeading')}>
        <p>{t('ftp.callbackIntro')}</p>
        <CallbackForm integration={me.data.integration} />
      </Section>
    </div>
  );
}
