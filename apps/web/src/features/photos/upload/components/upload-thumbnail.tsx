import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ThumbnailStore } from '../lib/thumbnail-store';
import styles from './upload-modal.module.css';

/** The file's type as its name says it (HEIC, JPG, …), for the placeholder; none for a name without one. */
export function fileTypeLabel(name: string): string | undefined {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return match?.[1]?.toUpperCase();
}

/**
 * A small square picture of a listed file, made in the browser while its row is in view. It is decorative
 * (empty alt): the file name stands next to it, so a screen reader does not read the name twice. A file the
 * browser cannot draw (HEIC in Chromium, a damaged file) gets a neutral picture icon with its type, never
 * a broken image; a square of the list's background holds the place while the thumbnail is made.
 */
export function UploadThumbnail({ store, itemKey, file, name }: { store: ThumbnailStore; itemKey: string; file: File; name: string }) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(itemKey, listener), [store, itemKey]);
  const thumbnail = useSyncExternalStore(subscribe, () => store.get(itemKey));
  const [broken, setBroken] = useState<string>();
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = box.current;
    return element ? store.watch(element, itemKey, file) : undefined;
  }, [store, itemKey, file]);
  // The row left the list: its object URL goes with it.
  useEffect(() => () => store.release(itemKey), [store, itemKey]);

  const drawn = thumbnail.state === 'ready' && broken !== thumbnail.url;
  const placeholder = !drawn && thumbnail.state !== 'pending';
  const type = placeholder ? fileTypeLabel(name) : undefined;
  // One element whatever the state, so the row's view watch keeps the element it observes.
  return (
    <span
      ref={box}
      className={`${styles.thumbnail} ${placeholder ? styles.thumbnailPlaceholder : ''}`}
      data-thumbnail={drawn ? 'ready' : placeholder ? 'placeholder' : 'pending'}
      aria-hidden={drawn ? undefined : 'true'}
    >
      {drawn && <img className={styles.thumbnailImage} src={thumbnail.url} alt="" decoding="async" draggable={false} onError={() => setBroken(thumbnail.url)} />}
      {placeholder && (
        <svg className={styles.thumbnailIcon} viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
          <rect x="3" y="4.5" width="18" height="15" rx="2" />
          <circle cx="9" cy="10" r="1.8" />
          <path d="M3.5 17.5 9.5 12l4 3.5 2.5-2 4.5 4" />
        </svg>
      )}
      {type && <span className={styles.thumbnailType}>{type}</span>}
    </span>
  );
}
