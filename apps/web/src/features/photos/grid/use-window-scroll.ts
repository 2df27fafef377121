import { useEffect, useState, useSyncExternalStore } from 'react';

/** How long after its last scroll event the window counts as still. */
export const SCROLL_SETTLE_MS = 150;

const listen = (event: 'scroll' | 'resize') => (onChange: () => void) => {
  window.addEventListener(event, onChange, { passive: true });
  return () => window.removeEventListener(event, onChange);
};
const subscribeScroll = listen('scroll');
const subscribeResize = listen('resize');
const readScrollY = () => window.scrollY;
const readHeight = () => window.innerHeight;

export interface WindowScroll {
  scrollY: number;
  /** The window's height. */
  height: number;
  /** Whether it scrolled within the last SCROLL_SETTLE_MS. */
  scrolling: boolean;
}

/**
 * The window's scroll position and height, rendering again on every scroll (in the same frame: a store's
 * update is synchronous), and whether it is scrolling.
 */
export function useWindowScroll(): WindowScroll {
  const scrollY = useSyncExternalStore(subscribeScroll, readScrollY);
  const height = useSyncExternalStore(subscribeResize, readHeight);
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setScrolling(true);
      clearTimeout(timer);
      timer = setTimeout(() => setScrolling(false), SCROLL_SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return { scrollY, height, scrolling };
}
