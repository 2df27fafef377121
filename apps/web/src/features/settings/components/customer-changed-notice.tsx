import { SHARED_NOTIFICATION_AUTO_CLOSE_MS } from '@shoebox/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { customerChanged, useCustomerChanged } from '../../addresses';
import styles from './settings.module.css';

/** The §4 "customer changed" confirmation: shown while the flag is set, until the customer dismisses it or 10 s pass. */
export function CustomerChangedNotice() {
  const { t } = useTranslation('settings');
  const changed = useCustomerChanged();
  useEffect(() => {
    if (!changed) return;
    const closing = setTimeout(customerChanged.reset, SHARED_NOTIFICATION_AUTO_CLOSE_MS);
    return () => clearTimeout(closing);
  }, [changed]);
  return (
    <div role="status" className={changed ? styles.notice : styles.live}>
      {changed && (
        <>
          <p>{t('page.saved')}</p>
          <button type="button" className={buttonClass.secondary} onClick={customerChanged.reset}>
            {t('page.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}
