import { useRef } from 'react';

/** A <div> made once per component to portal a full-page layer into, marked with a data attribute. */
export function useLayerRoot(dataAttribute: string): HTMLDivElement | null {
  const root = useRef<HTMLDivElement | null>(null);
  if (root.current === null && typeof document !== 'undefined') {
    root.current = document.createElement('div');
    root.current.setAttribute(`data-${dataAttribute}`, '');
  }
  return root.current;
}

/**
 * Puts the layer at the end of <body> and makes everything beside it inert, so focus, clicks and
 * screen readers stay in the layer. Answers how to undo both.
 */
export function showAsOnlyLayer(root: HTMLElement): () => void {
  document.body.appendChild(root);
  const madeInert: Element[] = [];
  for (const sibling of document.body.children) {
    if (sibling !== root && !sibling.hasAttribute('inert') && sibling.tagName !== 'SCRIPT') {
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
  }
  return () => {
    for (const element of madeInert) element.removeAttribute('inert');
    root.remove();
  };
}
