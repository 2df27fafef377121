import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface MeasuredElement<T extends HTMLElement> {
  /** Put on the element to measure. */
  ref: (node: T | null) => void;
  /** The element itself, for listeners and positions. */
  element: RefObject<T | null>;
  /** Its content width, kept up to date (the whole window's width where nothing can be measured); 0 before it mounts. */
  width: number;
}

/** An element and its content width: what a grid lays its columns out by. */
export function useContentWidth<T extends HTMLElement = HTMLDivElement>(): MeasuredElement<T> {
  const element = useRef<T | null>(null);
  const [node, setNode] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((next: T | null) => {
    element.current = next;
    setNode(next);
  }, []);
  useLayoutEffect(() => {
    if (!node) return;
    const measure = () => setWidth(Math.floor(node.clientWidth || window.innerWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return { ref, element, width };
}
