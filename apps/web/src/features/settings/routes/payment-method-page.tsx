import { useTranslation } from 'react-i18next';
import { usePaymentMethod } from '../api/get-payment-method';
import { PaymentMethodForm } from '../components/payment-method-form';
import { PaymentMethodSummary } from '../components/payment-method-summary';
import { Section } from '../../../components/ui/section';
import { Loaded } from '../components/loaded';
import styles from '../components/settings.module.css';

/** /settings/payment-method (§2.7): the stored method, masked, and a form to change to another kind the storefront offers. */
export function PaymentMethodPage() {
  const { t } = useTranslation('settings');
  const payment = usePaymentMethod();
  return (
    <Loaded query={payment}>
      {({ method, available }) => (
        <div className={styles.page}>
          <Section title={t('payment.stored')}>
            <PaymentMethodSummary method={method} />
          </Section>
          <Section title={t('payment.change')}>
            <PaymentMethodForm available={available} storedKind={method?.kind} />
          </Section>
        </div>
      )}
    </Loaded>
  );
}
