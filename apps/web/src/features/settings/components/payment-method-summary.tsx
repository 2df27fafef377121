import type { StoredPaymentMethod } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { maskedParts } from '../lib/masked-payment-method';
import styles from './settings.module.css';

/** The stored method, masked: card brand and last four digits with the expiry, an account's last four, PayPal's masked address. */
export function PaymentMethodSummary({ method }: { method: StoredPaymentMethod | null }) {
  const { t } = useTranslation('settings');
  if (!method) return <p className={styles.muted}>{t('payment.none')}</p>;
  const { card, account, expiry } = maskedParts(method);
  return (
    <div className={styles.stack}>
      <p>
        <strong>{t(`payment.${method.kind}`)}</strong>
      </p>
      {card && <p>{t('payment.cardMasked', { brand: t(`payment.${card.brand}`), last4: card.last4 })}</p>}
      {account && <p>{t('payment.accountMasked', { last4: account })}</p>}
      {method.maskedEmail && <p>{method.maskedEmail}</p>}
      {expiry && <p>{t('payment.expires', expiry)}</p>}
      {method.holder && <p>{t('payment.holder', { holder: method.holder })}</p>}
    </div>
  );
}
