import type { ParcelTracking as Tracking } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import styles from './order-details.module.css';

/** A sent order's parcel: its carrier and number, and the carrier's page for it (in a new tab: it is another site). */
export function ParcelTracking({ tracking }: { tracking: Tracking }) {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  return (
    <p className={styles.tracking}>
      <span>{t('details.trackingWith', { carrier: tracking.carrier, number: tracking.trackingNumber })}</span>
      <a href={tracking.url} target="_blank" rel="noopener noreferrer">
        {t('details.trackParcel')}
        <span className="visually-hidden"> {tApp('menu.opensInNewTab')}</span>
      </a>
    </p>
  );
}
