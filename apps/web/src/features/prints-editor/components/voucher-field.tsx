import { PRINTS_AUTOSELECT_PRODUCT } from '@shoebox/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunningOffers } from '../../../api/orders/get-running-offers';
import { buttonClass } from '../../../components/ui/button';
import type { VoucherState } from '../lib/use-voucher-discount';
import styles from './voucher-field.module.css';

interface Props {
  voucher: VoucherState;
  /** Applies a code, or removes the applied one (null). */
  onApply: (code: string | null) => void;
  money: (minor: number) => string;
}

/**
 * The campaigns' offers for photo prints (decision 116), each with its code to use, and a voucher code the customer
 * types: checked as they apply it, its discount in the total, or why it does not apply.
 */
export function VoucherField({ voucher, onApply, money }: Props) {
  const { t } = useTranslation('prints-editor');
  const offers = useRunningOffers(PRINTS_AUTOSELECT_PRODUCT);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const apply = () => {
    const code = typed.trim();
    if (code) onApply(code);
  };

  return (
    <div className={styles.voucher}>
      {offers.data && offers.data.length > 0 && (
        <ul className={styles.offers} aria-label={t('voucher.offersLabel')}>
          {offers.data.map((offer) => (
            <li key={offer.voucherOptionCode} className={styles.offer}>
              <span>
                <strong>{offer.title}</strong> {offer.description}
              </span>
              <button type="button" className={buttonClass.secondary} onClick={() => onApply(offer.voucherOptionCode)}>
                {t('voucher.use', { code: offer.voucherOptionCode })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {voucher.kind === 'applied' ? (
        <p className={styles.applied}>
          <span>{t('voucher.applied', { title: voucher.offer.title, amount: money(voucher.discount) })}</span>
          <button type="button" className={styles.link} onClick={() => onApply(null)}>
            {t('voucher.remove')}
          </button>
        </p>
      ) : (
        <div className={styles.entry}>
          <label htmlFor={inputId}>{t('voucher.label')}</label>
          <input
            id={inputId}
            value={typed}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={voucher.kind === 'notFound' || voucher.kind === 'refused' || undefined}
            onChange={(event) => setTyped(event.target.value)}
            // Enter applies the code; it must not place the order the field sits in.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              apply();
            }}
          />
          <button type="button" className={buttonClass.secondary} onClick={apply} aria-busy={voucher.kind === 'checking' || undefined}>
            {t(voucher.kind === 'checking' ? 'voucher.checking' : 'voucher.apply')}
          </button>
        </div>
      )}
      <VoucherProblem voucher={voucher} money={money} />
    </div>
  );
}

function VoucherProblem({ voucher, money }: { voucher: VoucherState; money: (minor: number) => string }) {
  const { t } = useTranslation('prints-editor');
  const text =
    voucher.kind === 'notFound'
      ? t('voucher.notFound')
      : voucher.kind === 'failed'
        ? t('voucher.failed')
        : voucher.kind === 'refused'
          ? t(`voucher.refused.${voucher.reason}`, { amount: money(voucher.offer.minimumOrderAmount) })
          : null;
  return text ? (
    <p className={styles.problem} role="alert">
      {text}
    </p>
  ) : null;
}
