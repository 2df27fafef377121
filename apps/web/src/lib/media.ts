import { BREAKPOINTS } from '@shoebox/contracts';
import { useSyncExternalStore } from 'react';

export const SMALL_SCREEN_QUERY = `(max-width: ${BREAKPOINTS.small - 0.02}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsSmallScreen = () => useMediaQuery(SMALL_SCREEN_QUERY);
