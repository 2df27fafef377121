import type { WidgetShareItem } from '@shoebox/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useWidgetShares } from '../api/get-widget-shares';
import { useRevokeWidgetShare } from '../api/revoke-widget-share';
import styles from './share-links.module.css';

/**
 * The links to one book that still open it, each with who it was mailed to and until when, and a way to
 * stop one (decision 082): a link sent to the wrong person need not stay open for its whole time. Shown
 * once the book has been shared; nothing while none is open.
 */
export function ShareLinks({ widgetId }: { widgetId: string }) {
  const { t, i18n } = useTranslation('widgets');
  const shares = useWidgetShares(widgetId);
  const revoke = useRevokeWidgetShare(widgetId);
  const [outcome, setOutcome] = useState<{ kind: 'revoked' | 'failed'; recipient: string }>();
  const headingId = useId();
  const dates = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }), [i18n.language]);
  const until = (share: WidgetShareItem) => dates.format(new Date(share.expires));

  const stop = (share: WidgetShareItem) => {
    setOutcome(undefined);
    revoke.mutate(share.id, {
      onSuccess: () => setOutcome({ kind: 'revoked', recipient: share.recipient }),
      onError: () => setOutcome({ kind: 'failed', recipient: share.recipient }),
    });
  };

  const items = shares.data?.items ?? [];
  if (!shares.isError && items.length === 0 && !outcome) return null;
  return (
    <section className={styles.links} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('links.title')}
      </h2>
      <p role="status" className={outcome?.kind === 'failed' ? styles.failed : undefined}>
        {outcome && t(outcome.kind === 'revoked' ? 'links.revoked' : 'links.revokeFailed', { email: outcome.recipient })}
      </p>
      {shares.isError && <p>{t('links.loadError')}</p>}
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((share) => (
            <li key={share.id} className={styles.item}>
              <div className={styles.who}>
                <span className={styles.recipient}>{share.recipient}</span>
                <span className={styles.until}>{t('links.until', { date: until(share) })}</span>
              </div>
              <button
                type="button"
                className={buttonClass.secondary}
                aria-label={t('links.revokeLabel', { email: share.recipient })}
                disabled={revoke.isPending}
                onClick={() => stop(share)}
              >
                {t('links.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
