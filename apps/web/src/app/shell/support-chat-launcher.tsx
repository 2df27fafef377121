import { useTranslation } from 'react-i18next';
import { useServices } from '../../lib/services';
import styles from './support-chat-launcher.module.css';

/**
 * Where the launcher sits (decision 086). It never floats over the page, so it covers no button at any scroll
 * position: under the menu in the side column on larger screens, a round icon button in the header on phones,
 * and after the page's content in stripped mode, which has neither.
 */
export type LauncherPlacement = 'column' | 'header' | 'inline';

/** Opens the retailer's support chat; left out on photo and album screens and when configuration turns it off. */
export function SupportChatLauncher({ placement }: { placement: LauncherPlacement }) {
  const { t } = useTranslation();
  const { config } = useServices();
  if (!config.supportChat.enabled || !config.supportChat.url) return null;
  const name = t('supportChat.open');
  const link = (
    <a className={`${styles.launcher} ${styles[placement]}`} href={config.supportChat.url} target="_blank" rel="noopener noreferrer">
      <ChatIcon />
      {/* The round button shows only the icon; its name is still read out. */}
      <span className={placement === 'header' ? 'visually-hidden' : undefined}>{name}</span>{' '}
      <span className="visually-hidden">{t('menu.opensInNewTab')}</span>
    </a>
  );
  // The header is a landmark already, and a landmark may not sit inside another; elsewhere screen readers can jump to it.
  if (placement === 'header') return link;
  return (
    <aside aria-label={name} className={styles[`${placement}Region`]}>
      {link}
    </aside>
  );
}

function ChatIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {/* A speech bubble with three dots cut out of it. */}
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm2.5 7a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0Zm4 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0Zm4 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0Z"
      />
    </svg>
  );
}
