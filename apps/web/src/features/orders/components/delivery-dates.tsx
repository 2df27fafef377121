import { useTranslation } from 'react-i18next';
import { useDeliveryDates } from '../api/get-delivery-dates';
import { formatDate } from '../lib/format';
import styles from './order-details.module.css';

/** When the order is expected; nothing while unknown (a 404), while loading, or if the dates could not be read. */
export function DeliveryDates({ orderCode }: { orderCode: string }) {
  const { t } = useTranslation('orders');
  const { data } = useDeliveryDates(orderCode);
  if (!data) return null;
  const earliest = formatDate(data.earliest);
  const latest = formatDate(data.latest);
  return <p className={styles.note}>{earliest === latest ? t('details.expectedOn', { date: earliest }) : t('details.expectedBetween', { earliest, latest })}</p>;
}
