import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './preview.module.css';
import { showAsOnlyLayer, useLayerRoot } from '../../../components/ui/layer-root';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen layer the preview lives in, over the page: everything else is inert (no focus, no clicks,
 * hidden from screen readers) and the page does not scroll. Tab stays inside. When it goes, the page becomes
 * usable again only after the navigation's own effects have run (the shell moves focus to the page heading
 * on every navigation, which would scroll the grid to the top), and then `onClosed` restores the grid.
 */
export function PreviewOverlay({
  labelledBy,
  onKeyDown,
  onClosed,
  children,
}: {
  labelledBy: string;
  /** Keys pressed anywhere in the page while the preview is open, except in a dialog over it. */
  onKeyDown: (event: globalThis.KeyboardEvent) => void;
  onClosed: () => void;
  children: ReactNode;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const container = useLayerRoot('preview-root');
  const closed = useRef(onClosed);
  closed.current = onClosed;
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;

  useLayoutEffect(() => {
    if (!container) return;
    const hide = showAsOnlyLayer(container);
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      const release = () => {
        hide();
        document.documentElement.style.overflow = overflow;
        closed.current();
      };
      requestAnimationFrame(() => setTimeout(release, 0));
    };
  }, []);

  // Focus goes in, and stays in: anything outside but a dialog over the preview is sent back inside.
  useEffect(() => {
    layer.current?.focus();
    const keepInside = (event: FocusEvent) => {
      const target = event.target as Element | null;
      const inside = target && (layer.current?.contains(target) || target.closest('[data-dialog-root]'));
      if (!inside) layer.current?.focus({ preventScroll: true });
    };
    // Focus dropped to the page (its element went away, a dialog closed): take it back.
    let check: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = () => {
      clearTimeout(check);
      check = setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) layer.current?.focus({ preventScroll: true });
      }, 0);
    };
    // Keys work wherever focus is (even where a removed element left it on the page), but not in a dialog.
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as Element | null;
      if (event.defaultPrevented || target?.closest?.('[data-dialog-root]')) return;
      keys.current(event);
    };
    document.addEventListener('focusin', keepInside);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(check);
      document.removeEventListener('focusin', keepInside);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // Chrome moves focus to the page without a focusout when the focused element is removed: take it back.
  useEffect(() => {
    if (document.activeElement === document.body) layer.current?.focus({ preventScroll: true });
  });

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && layer.current) {
      const list = [...layer.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === layer.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  if (!container) return null;
  return createPortal(
    <div ref={layer} className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1} onKeyDown={trapTab}>
      {children}
    </div>,
    container,
  );
}
