import { feedbackAskedIn } from '@shoebox/contracts';
import { lazy, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LazySlot } from '../../../components/ui/lazy-slot';
import { preloadNamespaces } from '../../../lib/i18n';
import { useServices } from '../../../lib/services';
import styles from './feedback-button.module.css';

let dialogModule: Promise<typeof import('./feedback-dialog')> | undefined;
/** The dialog's code, fetched once; a failed fetch is tried again on the next click. */
const loadDialog = () =>
  (dialogModule ??= import('./feedback-dialog').catch((error: unknown) => {
    dialogModule = undefined;
    throw error;
  }));

// Sonner stays out of the first page's code too: the toaster comes with the dialog.
const FeedbackToaster = lazy(() => import('./feedback-toaster').then((module) => ({ default: module.FeedbackToaster })));

const preload = () => {
  void loadDialog().catch(() => undefined);
  void preloadNamespaces(['feedback']).catch(() => undefined);
};

/**
 * Where the button sits: under the account menu in the side column on larger screens, at the bottom of the
 * phone menu on phones. Stripped mode shows neither.
 */
export type FeedbackPlacement = 'column' | 'menu';

/**
 * 'Give feedback', opening the feedback dialog. Only the storefronts whose customers are asked (spec §9)
 * show it, and never in stripped mode. The dialog and its texts load when first reached for.
 */
export function FeedbackButton({ placement }: { placement: FeedbackPlacement }) {
  const { t } = useTranslation();
  const { channel, reporter, stripped } = useServices();
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const FeedbackDialog = useMemo(() => lazy(() => loadDialog().then((module) => ({ default: module.FeedbackDialog }))), [attempt]);

  if (stripped() || !feedbackAskedIn(channel.locale)) return null;

  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${styles[placement]}`}
        aria-haspopup="dialog"
        onClick={() => {
          setAttempt((n) => n + 1);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <FeedbackIcon />
        {t('feedback.open')}
      </button>
      {open && (
        <LazySlot
          key={attempt}
          onError={(error) => reporter.report(error, { feature: 'feedback' })}
          errorFallback={
            <p role="alert" className={styles.note}>
              {t('feedback.unavailable')}
            </p>
          }
        >
          <FeedbackDialog onClose={() => setOpen(false)} />
        </LazySlot>
      )}
      {/*
       * Mounted from the first opening on and kept, outside the menu: the thanks shows after the dialog has
       * closed, and stays when the phone menu (which hides this button) closes too.
       */}
      {attempt > 0 && createPortal(<LazySlot><FeedbackToaster /></LazySlot>, document.body)}
    </>
  );
}

function FeedbackIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {/* A speech bubble with a star in it. */}
      <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
      <path fill="currentColor" d="m12 6.6 1.2 2.5 2.7.4-2 1.9.5 2.7-2.4-1.3-2.4 1.3.5-2.7-2-1.9 2.7-.4Z" />
    </svg>
  );
}
