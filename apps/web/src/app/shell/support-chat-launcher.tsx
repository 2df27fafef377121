import { useTranslation } from 'react-i18next';
import { useServices } from '../../lib/services';
import styles from './support-chat-launcher.module.css';

/** Opens the retailer's support chat; left out on photo and album screens and when configuration turns it off. */
export function SupportChatLauncher() {
  const { t } = useTranslation();
  const { config } = useServices();
  if (!config.supportChat.enabled || !config.supportChat.url) return null;
  return (
    <aside aria-label={t('supportChat.open')}>
      <a className={styles.launcher} href={config.supportChat.url} target="_blank" rel="noopener noreferrer">
        {t('supportChat.open')}
        <span className="visually-hidden"> {t('menu.opensInNewTab')}</span>
      </a>
    </aside>
  );
}
