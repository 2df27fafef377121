import type { VoucherDetails } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { useVoucher } from '../../../api/orders/get-voucher';
import { formatMoney } from '../lib/format';
import styles from './order-details.module.css';

/**
 * A product's voucher: the discount it gave, named by its offer in the page's language once that is read (the
 * title stored with the order is the shop's own language), and the offer's description (or that it is no
 * longer known).
 */
export function VoucherInfo({ code, details, currency }: { code: string; details: VoucherDetails | null; currency: string }) {
  const { t, i18n } = useTranslation('orders');
  const voucher = useVoucher(code);
  const offer = voucher.data?.isVoucherFound ? voucher.data : undefined;
  return (
    <div className={styles.voucher}>
      <p>{t('details.voucher', { code })}</p>
      {details && <p>{t('details.voucherDiscount', { title: offer?.title ?? details.title, amount: formatMoney(details.discountAmount, currency, i18n.language) })}</p>}
      {voucher.isError ? (
        <p>{t('details.voucherError')}</p>
      ) : (
        voucher.data && <p>{offer ? t('details.voucherOffer', { title: details ? offer.description : offer.title }) : t('details.voucherNotFound')}</p>
      )}
    </div>
  );
}
