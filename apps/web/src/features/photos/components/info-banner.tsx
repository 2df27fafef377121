import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './info-banner.module.css';

/** Set once the banner has been shown: from the next visit on it starts collapsed. */
export const INFO_BANNER_READ_KEY = 'shoebox.photos.infoBannerRead';

function readBefore(): boolean {
  try {
    return window.localStorage.getItem(INFO_BANNER_READ_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Explains the new photo management (spec §2: it can be expanded or collapsed). The first time it shows its
 * title and summary (on phones the title only, so the photos start on the first screen); that visit is its
 * reading, remembered in local storage, and from then on it is one line, its title, until opened again
 * (decision 085). Its state is known at the first paint: nothing under it moves.
 */
export function InfoBanner() {
  const { t } = useTranslation('photos');
  const [read] = useState(readBefore);
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();

  useEffect(() => {
    if (read) return;
    try {
      window.localStorage.setItem(INFO_BANNER_READ_KEY, new Date().toISOString());
    } catch {
      // Without storage it shows in full again next time: nothing is lost.
    }
  }, [read]);

  const mode = expanded ? styles.expanded : read ? styles.collapsed : styles.intro;
  return (
    <section className={`${styles.banner} ${mode}`} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        i
      </span>
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          {t('banner.title')}
        </h2>
        {(expanded || !read) && <p className={styles.summary}>{t('banner.summary')}</p>}
        <ul id={detailsId} className={styles.details} hidden={!expanded}>
          <li>{t('banner.details.timeline')}</li>
          <li>{t('banner.details.selection')}</li>
          <li>{t('banner.details.storage')}</li>
        </ul>
      </div>
      <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
        <span className={styles.toggleText}>{expanded ? t('banner.showLess') : t('banner.showMore')}</span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
    </section>
  );
}
