import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { MessagePanel } from '../components/ui/message-panel';
import { useServices } from '../lib/services';
import styles from './shell/public-layout.module.css';

/** The catch-all: any error no screen handled ends here, is reported, and shows the spec's text. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { reporter } = useServices();
  useEffect(() => reporter.report(error, { boundary: 'root' }), [error, reporter]);

  return (
    <main className={styles.main} id="main">
      <MessagePanel
        title={t('errors.catchAll')}
        actions={
          <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </button>
        }
      />
    </main>
  );
}
