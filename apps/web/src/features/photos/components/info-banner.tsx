import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './info-banner.module.css';

/** Explains the new photo management; a summary line that expands to the details and collapses again. */
export function InfoBanner() {
  const { t } = useTranslation('photos');
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();

  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        i
      </span>
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          {t('banner.title')}
        </h2>
        <p className={styles.summary}>{t('banner.summary')}</p>
        <ul id={detailsId} className={styles.details} hidden={!expanded}>
          <li>{t('banner.details.timeline')}</li>
          <li>{t('banner.details.selection')}</li>
          <li>{t('banner.details.storage')}</li>
        </ul>
      </div>
      <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
        {expanded ? t('banner.showLess') : t('banner.showMore')}
      </button>
    </section>
  );
}
