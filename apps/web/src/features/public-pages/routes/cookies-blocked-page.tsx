import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';

/** Shown instead of the app when the browser blocks site data: sign-in cannot work without it. */
export function CookiesBlockedPage() {
  const { t } = useTranslation();
  return (
    <main id="main" style={{ padding: '48px 16px' }}>
      <MessagePanel
        title={t('titles.cookiesBlocked')}
        actions={
          <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
            {t('public.cookiesBlocked.reload')}
          </button>
        }
      >
        <p>{t('public.cookiesBlocked.body')}</p>
      </MessagePanel>
    </main>
  );
}
