import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';
import { showAsOnlyLayer, useLayerRoot } from './layer-root';

export interface DialogProps {
  /** The dialog's heading; it also names the dialog for assistive technology. */
  title: ReactNode;
  /** Called on Escape and on the close button. Render the dialog only while it is open. */
  onClose: () => void;
  /** The accessible name of the × button, e.g. t('…close'). */
  closeLabel: string;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned on wide screens and full width on phones. */
  footer?: ReactNode;
  /** What gets focus when the dialog opens; by default the first focusable element of the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * 'dialog' focuses the dialog itself, so a screen reader reads its title and description first and no
   * action is one keypress away: for dialogs that mostly inform. Default 'first' (the first focusable element).
   */
  initialFocus?: 'first' | 'dialog';
  size?: 'small' | 'medium' | 'large';
  /** 'alertdialog' for a dialog that warns and asks for a decision. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that describes the dialog (its main message). */
  describedBy?: string;
  /** While false (e.g. while saving), Escape and the × button do nothing. */
  dismissable?: boolean;
  /** A class for the panel, e.g. a tone border. */
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]'));
}

/** Open dialogs, newest last: only the newest one answers Escape and Tab. */
const stack: object[] = [];
/**
 * The page's own overflow, taken when the first dialog opens and given back when the last one closes, in
 * whatever order they close (a screen left with two dialogs open unmounts the older one first).
 */
let pageOverflow = '';

/**
 * A modal dialog: rendered over the page in a portal, the rest of the page made inert (not focusable, not
 * clickable, hidden from screen readers), Tab and Shift+Tab kept inside, Escape closes, page scrolling
 * locked, and focus returned to where it was when the dialog closes. Dialogs may stack: the newest one wins.
 */
export function Dialog({
  title,
  onClose,
  closeLabel,
  children,
  footer,
  initialFocusRef,
  initialFocus = 'first',
  size = 'medium',
  role = 'dialog',
  describedBy,
  dismissable = true,
  className,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const container = useLayerRoot('dialog-root');
  const close = useRef(onClose);
  close.current = onClose;
  const canDismiss = useRef(dismissable);
  canDismiss.current = dismissable;

  // Mount the portal container and make everything beside it inert for as long as the dialog is open.
  useLayoutEffect(() => {
    if (!container) return;
    // Taken before the page goes inert: an element that becomes inert loses focus.
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hide = showAsOnlyLayer(container);
    const me = {};
    if (stack.length === 0) pageOverflow = document.body.style.overflow;
    stack.push(me);
    document.body.style.overflow = 'hidden';

    // On the document, not the dialog: focus may have fallen to <body> (e.g. a focused button was disabled).
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me || !panel.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (canDismiss.current) close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables(panel.current);
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.current.focus();
      } else if (!panel.current.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === panel.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    // Focus goes in when the dialog opens, and back to what had it when the dialog closes.
    const first = initialFocus === 'first' && panel.current ? focusables(panel.current).find((el) => !el.dataset.dialogClose) : undefined;
    (initialFocusRef?.current ?? first ?? panel.current)?.focus();

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(me), 1);
      if (stack.length === 0) document.body.style.overflow = pageOverflow;
      hide();
      if (returnTo?.isConnected) returnTo.focus();
    };
    // Only on open and close: props that change later do not move focus.
  }, []);

  if (!container) return null;
  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.panel, styles[size], className].filter(Boolean).join(' ')}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} data-dialog-close="true" disabled={!dismissable} onClick={() => close.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    container,
  );
}
