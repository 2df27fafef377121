import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { showAsOnlyLayer, useLayerRoot } from '../../../components/ui/layer-root';
import styles from './prints-overlay.module.css';

/**
 * 'Adding {amount} photos to editor...' over the whole page while the photos go to the prints editor: modal
 * (the page beneath is inert and cannot be scrolled), not dismissable, its text read out as it appears.
 */
export function PrintsOverlay({ amount }: { amount: number }) {
  const { t } = useTranslation('photos');
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const container = useLayerRoot('prints-overlay-root');

  useLayoutEffect(() => {
    if (!container) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hide = showAsOnlyLayer(container);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      hide();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [container]);

  if (!container) return null;
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={textId} aria-busy="true" tabIndex={-1} className={styles.panel}>
        <span className={styles.spinner} aria-hidden="true" />
        <p id={textId} className={styles.text} role="status" aria-live="polite">
          {t('orderPrints.adding', { count: amount })}
        </p>
      </div>
    </div>,
    container,
  );
}
