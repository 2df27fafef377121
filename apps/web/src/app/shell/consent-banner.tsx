import { CONSENT_COOKIE, formatConsent, parseConsent, type Consent } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button';
import { usePublicConfiguration } from '../../api/storefront/get-public-configuration';
import { getCookie, setCookie } from '../../lib/storage';
import styles from './consent-banner.module.css';

const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Asks once for analytics and marketing cookies (both off until chosen) and stores the two-digit answer. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { routes } = usePublicConfiguration();
  const [answered, setAnswered] = useState(() => getCookie(CONSENT_COOKIE) !== undefined);
  const [choice, setChoice] = useState<Consent>(() => parseConsent(getCookie(CONSENT_COOKIE)));
  if (answered) return null;

  const save = (consent: Consent) => {
    setCookie(CONSENT_COOKIE, formatConsent(consent), CONSENT_MAX_AGE_SECONDS);
    setAnswered(true);
  };

  return (
    <section className={styles.banner} aria-labelledby="consent-title">
      <h2 id="consent-title" className={styles.title}>
        {t('consent.title')}
      </h2>
      <p className={styles.text}>
        {t('consent.body')} <a href={routes.privacy}>{t('consent.privacy')}</a>
      </p>
      <div className={styles.row}>
        <label className={styles.option}>
          <input type="checkbox" checked={choice.analytics} onChange={(e) => setChoice({ ...choice, analytics: e.target.checked })} />
          {t('consent.analytics')}
        </label>
        <label className={styles.option}>
          <input type="checkbox" checked={choice.marketing} onChange={(e) => setChoice({ ...choice, marketing: e.target.checked })} />
          {t('consent.marketing')}
        </label>
        <div className={styles.actions}>
          <button type="button" className={buttonClass.secondary} onClick={() => save(choice)}>
            {t('consent.save')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => save({ analytics: true, marketing: true })}>
            {t('consent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}
