import { useEffect, useRef, type PointerEvent } from 'react';

/** A finger must travel this far sideways, and mostly sideways, for a swipe to turn the page. */
const SWIPE_MIN_PX = 40;
const SWIPE_MAX_SLOPE = 0.6;

/** Keys pressed in these go to them, not to the book: a field, a dialog, or a control that moves with arrows itself. */
const OWN_ARROW_KEYS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="dialog"], [role="alertdialog"], [role="slider"], [role="listbox"], [role="menu"], [role="tablist"], [role="radiogroup"]';

/** ← and → anywhere on the page turn back and forward, unless something else uses those keys. */
export function useArrowKeys(previous: () => void, next: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(OWN_ARROW_KEYS)) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else return;
      // Else the page scrolls sideways as well.
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next]);
}

/**
 * Pointer handlers for the book: a touch swipe to the left turns forward, to the right back, as a page is
 * turned by hand. A mouse never swipes (it has the buttons), and a mostly vertical move is the page scrolling.
 */
export function useSwipe(previous: () => void, next: () => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.pointerType === 'mouse' || !event.isPrimary ? null : { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx) * SWIPE_MAX_SLOPE) return;
      if (dx < 0) next();
      else previous();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
