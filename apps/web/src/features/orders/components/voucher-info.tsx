import type { VoucherDetails } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useVoucher } from '../api/get-voucher';
import { formatMoney } from '../lib/format';
import styles from './order-details.module.css';

/** A product's voucher: the discount it gave, and its offer looked up by code (or that it is no longer known). */
export function VoucherInfo({ code, details, currency }: { code: string; details: VoucherDetails | null; currency: string }) {
  const { t, i18n } = useTranslation('orders');
  const voucher = useVoucher(code);
  return (
    <div className={styles.voucher}>
      <p>{t('details.voucher', { code })}</p>
      {details && <p>{t('details.voucherDiscount', { title: details.title, amount: formatMoney(details.discountAmount, currency, i18n.language) })}</p>}
      {voucher.isError ? (
        <p>{t('details.voucherError')}</p>
      ) : (
        voucher.data && <p>{voucher.data.isVoucherFound ? t('details.voucherOffer', { title: voucher.data.title }) : t('details.voucherNotFound')}</p>
      )}
    </div>
  );
}
