import { MOBILE_UPLOAD_RETURN_MS, type AppConfig } from '@shoebox/contracts';

/** Android or iOS by the user agent (iPadOS presents itself as a Mac with a touch screen). */
export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** The address mobile devices upload at instead of the modal, when /config.json names one. */
export function mobileUploadAddress(config: AppConfig): string | undefined {
  return config.mobileUploadUrl ?? undefined;
}

/** The upload address with the album the photos go to as query album_id (left out when there is none). */
export function mobileUploadTarget(address: string, albumId: string | undefined): string {
  const url = new URL(address);
  if (albumId) url.searchParams.set('album_id', albumId);
  return url.href;
}

export interface RedirectWindow {
  location: Pick<Location, 'assign' | 'href'>;
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * Goes to the mobile upload address, then comes back to the page it left after MOBILE_UPLOAD_RETURN_MS.
 * Coming back only happens when the page is still here: when the address opened an app (the browser
 * did not start unloading), the page is loaded again so it shows what was uploaded there. When the
 * browser is leaving for a web page, it is left to go: returning would cancel the navigation.
 */
export function redirectToMobileUpload(target: string, returnTo: string, win: RedirectWindow = window): void {
  let leaving = false;
  const onLeave = () => {
    leaving = true;
  };
  win.addEventListener('beforeunload', onLeave);
  win.addEventListener('pagehide', onLeave);
  win.location.assign(target);
  win.setTimeout(() => {
    win.removeEventListener('beforeunload', onLeave);
    win.removeEventListener('pagehide', onLeave);
    if (!leaving) win.location.assign(returnTo);
  }, MOBILE_UPLOAD_RETURN_MS);
}
