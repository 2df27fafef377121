import type { SuperOrder } from '@shoebox/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import styles from './order-placed.module.css';

/** The order is placed: its code, a way to it in My orders, and back to the photos. */
export function OrderPlaced({ order }: { order: SuperOrder }) {
  const { t } = useTranslation('prints-editor');
  return (
    <section className={styles.placed} aria-labelledby="order-placed-title">
      <h2 id="order-placed-title" tabIndex={-1} ref={(el) => el?.focus()}>
        {t('placed.title')}
      </h2>
      <p>
        <Trans t={t} i18nKey="placed.body" values={{ orderCode: order.orderCode }} components={{ code: <strong /> }} />
      </p>
      <p>{t('placed.storage')}</p>
      <div className={styles.actions}>
        <Link className={buttonClass.primary} to={paths.order(order.orderCode)}>
          {t('placed.viewOrder', { orderCode: order.orderCode })}
        </Link>
        <Link className={buttonClass.secondary} to={paths.photos}>
          {t('placed.backToPhotos')}
        </Link>
      </div>
    </section>
  );
}
