import { SMALL_SCREEN_QUERY } from '../lib/media';

let smallScreen = false;

/** Makes `useIsSmallScreen()` answer true or false from the next render on (jsdom has no layout, so no matchMedia). */
export function setSmallScreen(value: boolean): void {
  smallScreen = value;
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: query === SMALL_SCREEN_QUERY ? smallScreen : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
