import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import styles from './tooltip.module.css';

const SHOW_DELAY_MS = 300;

interface TriggerProps {
  'aria-describedby'?: string;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A tooltip for one focusable element: shown on hover (after a short delay) and at once on focus,
 * hidden on leave, blur and Escape. The text describes the element (aria-describedby) while it shows.
 * Use aria-disabled rather than disabled on a button whose tooltip explains why it is unavailable: a
 * disabled button gets neither hover nor focus.
 */
export function Tooltip({ content, children, placement = 'top' }: { content: ReactNode; children: ReactElement<TriggerProps>; placement?: 'top' | 'bottom' }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The same elements with or without a text, so the trigger keeps its focus when the text comes and goes.
  const hasContent = !(content === null || content === undefined || content === false || content === '');
  const shown = open && hasContent;

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  const props = children.props;
  const describedBy = [props['aria-describedby'], shown ? id : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <span className={styles.anchor} onPointerEnter={() => show(SHOW_DELAY_MS)} onPointerLeave={hide}>
      {cloneElement(children, {
        'aria-describedby': describedBy,
        onFocus: (event: FocusEvent<HTMLElement>) => {
          props.onFocus?.(event);
          show(0);
        },
        onBlur: (event: FocusEvent<HTMLElement>) => {
          props.onBlur?.(event);
          hide();
        },
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          props.onKeyDown?.(event);
          if (event.key === 'Escape' && shown) {
            event.stopPropagation();
            hide();
          }
        },
      })}
      {shown && (
        <span role="tooltip" id={id} className={`${styles.tooltip} ${styles[placement]}`}>
          {content}
        </span>
      )}
    </span>
  );
}
