import { STORAGE_STATUS_OPEN, STORAGE_STATUS_PARAM, storageOutlook } from '@shoebox/contracts';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { useServices } from '../../../../lib/services';
import { useDeletionInfo } from '../../api/get-deletion-info';
import { loadDateLocale } from '../../../../lib/date-locale';
import { AUTO_OPENED_KEY, storageMessage } from '../lib/storage-messages';
import styles from './storage-status.module.css';

let modalModule: Promise<typeof import('./storage-status-modal')> | undefined;
const loadModal = () =>
  (modalModule ??= import('./storage-status-modal').catch((error: unknown) => {
    modalModule = undefined;
    throw error;
  }));

function alreadyAutoOpened(): boolean {
  try {
    if (window.sessionStorage.getItem(AUTO_OPENED_KEY)) return true;
    window.sessionStorage.setItem(AUTO_OPENED_KEY, '1');
    return false;
  } catch {
    // Without session storage it cannot be told whether it opened before: do not risk opening it on every page.
    return true;
  }
}

export function StorageStatusControl({ onDeletePhotos }: { onDeletePhotos?: () => void }) {
  const { t } = useTranslation('storage');
  const { flags, locale, reporter } = useServices();
  const info = useDeletionInfo();
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const outlook = useMemo(() => (info.data ? storageOutlook(info.data.projectedDeletionDate, new Date()) : undefined), [info.data]);
  const message = outlook && storageMessage(outlook);
  const StorageStatusModal = useMemo(
    () => lazy(() => Promise.all([loadModal(), loadDateLocale(locale)]).then(([module]) => ({ default: module.StorageStatusModal }))),
    // A new attempt after a failed load.
    [locale, attempt],
  );

  // Critical: the modal opens by itself, once per browser session, when the flag is on.
  const critical = outlook?.status === 'critical';
  useEffect(() => {
    if (!critical || !flags.isOn('PhotoManagementStorageWarningEnabled')) return;
    if (!alreadyAutoOpened()) setOpen(true);
  }, [critical, flags]);

  // A reminder mail links to ?storage=status: open the modal once and drop the query (replacing the history
  // entry), so neither a reload nor Back opens it again.
  const [search, setSearch] = useSearchParams();
  const linked = search.get(STORAGE_STATUS_PARAM) === STORAGE_STATUS_OPEN;
  useEffect(() => {
    if (!linked) return;
    setOpen(true);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(STORAGE_STATUS_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [linked, setSearch]);

  const preload = () => {
    void loadModal().catch(() => undefined);
    void loadDateLocale(locale).catch(() => undefined);
  };

  const tone = outlook?.status ?? 'unknown';
  const label = message ? t(`button.${message.key}`, 'count' in message ? { count: message.count } : {}) : t(info.isPending ? 'button.loading' : 'button.unknown');

  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${styles[tone]}`}
        aria-haspopup="dialog"
        data-tone={tone}
        onClick={() => {
          setAttempt((n) => n + 1);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {/* On phones (the photos header's bar) the button is a cloud with the tone's badge; the label stays its name. */}
        <svg className={styles.cloud} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 19a5 5 0 0 1-.6-9.96A6.5 6.5 0 0 1 19 10.5 4.25 4.25 0 0 1 18.25 19Z" />
        </svg>
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.label}>{label}</span>
      </button>
      {open && (
        <LazySlot key={attempt} onError={(error) => reporter.report(error, { feature: 'storage-status' })}>
          <StorageStatusModal info={info.data} failed={info.isError} outlook={outlook} onClose={() => setOpen(false)} onDeletePhotos={onDeletePhotos} />
        </LazySlot>
      )}
    </>
  );
}
