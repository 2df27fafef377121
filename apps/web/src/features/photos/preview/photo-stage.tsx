import type { Photo } from '@shoebox/contracts';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../lib/thumbnails';
import { DOUBLE_TAP_MS, swipeOutcome, TAP_SLOP, ZOOM_SCALE } from './gestures';
import styles from './preview.module.css';

export interface Zoom {
  on: boolean;
  /** Where the zoom centres, in percent of the image. */
  originX: number;
  originY: number;
}

export const NO_ZOOM: Zoom = { on: false, originX: 50, originY: 50 };

/** Originals this browser could not show (a HEIC original outside Safari): zooming them keeps the thumbnail, without fetching again. */
const undecodable = new Set<string>();

/**
 * The photo's original, once zoomed: 2.5 times the 1300 thumbnail would be soft, and a camera's original has
 * the pixels. It is fetched only on the first zoom and answered once decoded, so it replaces the thumbnail
 * without a blank frame; until then (or when it cannot be shown here) the thumbnail stays.
 */
function useZoomedOriginal(url: string, zoomed: boolean): string | undefined {
  const [decoded, setDecoded] = useState<string>();
  useEffect(() => {
    if (!zoomed || decoded === url || undecodable.has(url)) return;
    let wanted = true;
    const original = new Image();
    original.src = url;
    original.decode().then(
      () => {
        if (wanted) setDecoded(url);
      },
      () => undecodable.add(url),
    );
    return () => {
      wanted = false;
    };
  }, [url, zoomed, decoded]);
  return decoded === url ? url : undefined;
}

interface Gesture {
  id: number;
  type: string;
  x: number;
  y: number;
  pan: { x: number; y: number };
  moved: boolean;
}

/**
 * The photo itself, the 1300 thumbnail, centred (the original over it once zoomed). A click (mouse) or a double tap (touch) toggles the zoom
 * between 1 and 2.5 around the point; zoomed, dragging pans. Not zoomed, a touch swipe left or right moves
 * to the next or previous photo and a drag down closes, each past 35% of the stage.
 */
export function PhotoStage({
  photo,
  zoom,
  onZoomChange,
  onNext,
  onPrevious,
  onClose,
}: {
  photo: Photo;
  zoom: Zoom;
  onZoomChange: (zoom: Zoom) => void;
  onNext: () => void;
  onPrevious: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('photos');
  const stage = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef(0);
  const [drag, setDrag] = useState<{ dx: number; dy: number; height: number }>();
  const [moving, setMoving] = useState(false);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [status, setStatus] = useState<{ src: string; state: 'loaded' | 'failed' }>();
  const src = thumbnailUrl(photo, 1300);
  const loaded = status?.src === src ? status.state : 'loading';
  const original = useZoomedOriginal(photo.untouchedUrl, zoom.on);

  const toggleZoom = (clientX: number, clientY: number) => {
    setPan({ x: 0, y: 0 });
    if (zoom.on) return onZoomChange(NO_ZOOM);
    const rect = image.current?.getBoundingClientRect();
    const originX = rect && rect.width > 0 ? Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100)) : 50;
    const originY = rect && rect.height > 0 ? Math.min(100, Math.max(0, ((clientY - rect.top) / rect.height) * 100)) : 50;
    onZoomChange({ on: true, originX, originY });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || loaded === 'failed') return;
    stage.current?.setPointerCapture?.(event.pointerId);
    gesture.current = { id: event.pointerId, type: event.pointerType, x: event.clientX, y: event.clientY, pan, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (!g.moved && Math.hypot(dx, dy) > TAP_SLOP) {
      g.moved = true;
      setMoving(true);
    }
    if (!g.moved) return;
    if (zoom.on) setPan({ x: g.pan.x + dx, y: g.pan.y + dy });
    else if (g.type !== 'mouse') setDrag({ dx, dy: Math.max(0, dy) > Math.abs(dx) ? dy : 0, height: stage.current?.clientHeight || 1 });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    gesture.current = null;
    setDrag(undefined);
    setMoving(false);
    if (!g.moved) {
      if (g.type === 'mouse') return toggleZoom(event.clientX, event.clientY);
      const now = event.timeStamp || performance.now();
      if (now - lastTap.current <= DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleZoom(event.clientX, event.clientY);
      } else lastTap.current = now;
      return;
    }
    if (zoom.on || g.type === 'mouse') return;
    const rect = stage.current?.getBoundingClientRect();
    const outcome = swipeOutcome(event.clientX - g.x, event.clientY - g.y, rect?.width ?? 0, rect?.height ?? 0);
    if (outcome === 'next') onNext();
    else if (outcome === 'previous') onPrevious();
    else if (outcome === 'close') onClose();
  };

  const onPointerCancel = () => {
    gesture.current = null;
    setDrag(undefined);
    setMoving(false);
  };

  const transform = zoom.on
    ? `translate(${pan.x}px, ${pan.y}px) scale(${ZOOM_SCALE})`
    : drag
      ? `translate(${drag.dx}px, ${drag.dy}px)`
      : undefined;
  const placement = {
    transform,
    transformOrigin: zoom.on ? `${zoom.originX}% ${zoom.originY}%` : undefined,
    opacity: drag && drag.dy > 0 ? Math.max(0.3, 1 - drag.dy / drag.height) : undefined,
    transition: moving ? 'none' : undefined,
  };

  return (
    <div
      ref={stage}
      className={`${styles.stage} ${zoom.on ? styles.zoomed : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {loaded === 'loading' && <span className={styles.stageSpinner} role="status" aria-label={t('preview.loading')} />}
      {loaded === 'failed' ? (
        <p className={styles.stageFailed}>{t('preview.failed')}</p>
      ) : (
        <img
          key={src}
          ref={image}
          className={styles.photo}
          src={src}
          alt={photo.localFileName}
          draggable={false}
          decoding="async"
          style={placement}
          onLoad={() => setStatus({ src, state: 'loaded' })}
          onError={() => setStatus({ src, state: 'failed' })}
        />
      )}
      {/* Over the thumbnail, placed and zoomed with it; it stays for this photo, so zooming out does not jump back to the softer one. */}
      {original && loaded === 'loaded' && <img className={`${styles.photo} ${styles.original}`} src={original} alt="" aria-hidden="true" draggable={false} style={placement} />}
    </div>
  );
}
