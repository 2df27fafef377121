import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { useServices } from '../../../../lib/services';
import { isMobileUserAgent, mobileUploadAddress, mobileUploadTarget, redirectToMobileUpload } from '../lib/mobile-upload';
import styles from './add-photos-control.module.css';

let modalModule: Promise<typeof import('./upload-modal')> | undefined;
/** The modal's code (with tus-js-client), fetched once; a failed fetch is tried again on the next click. */
const loadModal = () =>
  (modalModule ??= import('./upload-modal').catch((error: unknown) => {
    modalModule = undefined;
    throw error;
  }));

interface AddPhotosControlProps {
  albumId?: string;
  label?: string;
  className?: string;
  /** The photos header's: on phones a '+' icon of a settled size, its label the accessible name only (decision 085). */
  compact?: boolean;
}

/** 'Add photos' (or `label`), opening the upload modal, or on phones the configured upload address; `albumId` uploads into an album. */
export function AddPhotosControl({ albumId, label, className = buttonClass.primary, compact = false }: AddPhotosControlProps) {
  const { t } = useTranslation('upload');
  const { config, reporter } = useServices();
  const [open, setOpen] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const UploadModal = useMemo(() => lazy(() => loadModal().then((module) => ({ default: module.UploadModal }))), [attempt]);

  const onClick = () => {
    const address = mobileUploadAddress(config);
    if (address && isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints)) {
      setRedirecting(true);
      redirectToMobileUpload(mobileUploadTarget(address, albumId), window.location.href);
      return;
    }
    setAttempt((n) => n + 1);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={compact ? `${className} ${styles.compact}` : className}
        aria-haspopup="dialog"
        aria-busy={redirecting || undefined}
        disabled={redirecting}
        onClick={onClick}
        onPointerEnter={() => void loadModal().catch(() => undefined)}
        onFocus={() => void loadModal().catch(() => undefined)}
      >
        {compact ? (
          <>
            <span className={styles.plus} aria-hidden="true" />
            <span className={styles.label}>{label ?? t('addPhotos')}</span>
          </>
        ) : (
          (label ?? t('addPhotos'))
        )}
      </button>
      {redirecting && (
        <span role="status" className={styles.note}>
          {t('opening')}
        </span>
      )}
      {open && (
        <LazySlot
          key={attempt}
          onError={(error) => reporter.report(error, { feature: 'upload' })}
          errorFallback={
            <span role="alert" className={styles.note}>
              {t('loadFailed')}
            </span>
          }
        >
          <UploadModal albumId={albumId} onClose={() => setOpen(false)} />
        </LazySlot>
      )}
    </>
  );
}
