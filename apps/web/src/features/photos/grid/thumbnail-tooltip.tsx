import { useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, knownDateTaken } from '../lib/photo-dates';
import styles from './grid.module.css';

const HOVER_DELAY_MS = 400;
const TILE = '[data-date-taken]';

interface Shown {
  text: string;
  left: number;
  top: number;
  tile: HTMLElement;
}

/**
 * The grid's one 'Taken on {date}' tooltip, shared by every tile (listeners on the grid, not on each tile):
 * it follows the hovered or focused tile. A photo without a date taken, or dated 1 Jan 1970, gets none.
 */
export function ThumbnailTooltip({ container }: { container: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('photos');
  const id = useId();
  const [shown, setShown] = useState<Shown>();

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | undefined;
    // How focus last moved: with a pointer (a click) or with the keyboard.
    let byPointer = false;
    const onPointerDown = () => {
      byPointer = true;
    };
    const onAnyKey = () => {
      byPointer = false;
    };

    const hide = () => {
      clearTimeout(timer);
      if (current?.getAttribute('aria-describedby') === id) current.removeAttribute('aria-describedby');
      current = undefined;
      setShown(undefined);
    };
    const show = (tile: HTMLElement) => {
      const date = knownDateTaken(tile.dataset.dateTaken);
      if (!date || !tile.isConnected) return;
      const rect = tile.getBoundingClientRect();
      current = tile;
      tile.setAttribute('aria-describedby', id);
      setShown({ text: t('timeline.takenOn', { date: formatDate(date, t('timeline.takenOnFormat')) }), left: rect.left + rect.width / 2, top: rect.top, tile });
    };
    const tileOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(TILE) : null);

    const onOver = (event: PointerEvent) => {
      const tile = tileOf(event.target);
      if (tile === current) return;
      hide();
      if (tile && event.pointerType !== 'touch') timer = setTimeout(() => show(tile), HOVER_DELAY_MS);
    };
    const onLeave = () => hide();
    // Keyboard focus shows it at once; a click's focus does not (the pointer already had its chance).
    const onFocus = (event: FocusEvent) => {
      hide();
      const tile = tileOf(event.target);
      if (tile && !byPointer) show(tile);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current) hide();
    };

    // One signal takes every listener away again.
    const listening = new AbortController();
    const { signal } = listening;
    document.addEventListener('pointerdown', onPointerDown, { capture: true, signal });
    document.addEventListener('keydown', onAnyKey, { capture: true, signal });
    root.addEventListener('pointerover', onOver, { signal });
    root.addEventListener('pointerleave', onLeave, { signal });
    root.addEventListener('focusin', onFocus, { signal });
    root.addEventListener('focusout', onLeave, { signal });
    root.addEventListener('keydown', onKey, { signal });
    window.addEventListener('scroll', hide, { passive: true, signal });
    return () => {
      hide();
      listening.abort();
    };
  }, [container, id, t]);

  if (!shown) return null;
  return (
    <span role="tooltip" id={id} className={styles.thumbnailTooltip} style={{ left: shown.left, top: shown.top }}>
      {shown.text}
    </span>
  );
}
