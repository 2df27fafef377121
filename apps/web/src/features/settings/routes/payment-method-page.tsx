import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { usePaymentMethod } from '../api/get-payment-method';
import { PaymentMethodForm } from '../components/payment-method-form';
import { PaymentMethodSummary } from '../components/payment-method-summary';
import { SettingsSection } from '../components/settings-section';
import { LoadError } from '../components/load-error';
import styles from '../components/settings.module.css';

/** /settings/payment-method (§2.7): the stored method, masked, and a form to change to another kind the storefront offers. */
export function PaymentMethodPage() {
  const { t } = useTranslation('settings');
  const payment = usePaymentMethod();
  if (payment.isPending) return <Spinner label={t('page.loading')} />;
  if (payment.isError) return <LoadError onRetry={() => void payment.refetch()} />;
  return (
    <div className={styles.page}>
      <SettingsSection title={t('payment.stored')}>
        <PaymentMethodSummary method={payment.data.method} />
      </SettingsSection>
      <SettingsSection title={t('payment.change')}>
        <PaymentMethodForm available={payment.data.available} storedKind={payment.data.method?.kind} />
      </SettingsSection>
    </div>
  );
}
