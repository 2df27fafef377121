import { MOBILE_UPLOAD_RETURN_MS } from '@shoebox/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { testConfig } from '../../../../test/fixtures';
import { isMobileUserAgent, mobileUploadAddress, mobileUploadTarget, redirectToMobileUpload, type RedirectWindow } from './mobile-upload';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function fakeWindow() {
  const listeners = new Map<string, () => void>();
  const timers: (() => void)[] = [];
  const win = {
    location: { href: 'https://www.printhaven.co.uk/my-photos/albums/a1', assign: vi.fn<(url: string | URL) => void>() },
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
    removeEventListener: vi.fn((type: string) => listeners.delete(type)),
    setTimeout: vi.fn((callback: () => void, ms: number) => {
      expect(ms).toBe(MOBILE_UPLOAD_RETURN_MS);
      timers.push(callback);
    }),
  };
  return { win: win as unknown as RedirectWindow & typeof win, fire: (type: string) => listeners.get(type)?.(), runTimers: () => timers.splice(0).forEach((t) => t()) };
}

afterEach(() => vi.restoreAllMocks());

describe('mobile upload', () => {
  test('Android and iOS (iPadOS too) are mobile by their user agent; a desktop is not', () => {
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(IPADOS, 5)).toBe(true);
    expect(isMobileUserAgent(IPADOS, 0)).toBe(false);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });

  test('the address comes from the configuration and carries the album as album_id', () => {
    expect(mobileUploadAddress(testConfig())).toBeUndefined();
    const config = { ...testConfig(), mobileUploadUrl: 'https://upload.example.test/start?source=web' };
    expect(mobileUploadAddress(config)).toBe('https://upload.example.test/start?source=web');
    expect(mobileUploadTarget('https://upload.example.test/start?source=web', 'album 1')).toBe('https://upload.example.test/start?source=web&album_id=album+1');
    expect(mobileUploadTarget('https://upload.example.test/start', undefined)).toBe('https://upload.example.test/start');
  });

  test('goes to the address, then comes back to the page after 2 seconds when the page is still here', () => {
    const { win, runTimers } = fakeWindow();
    redirectToMobileUpload('https://upload.example.test/?album_id=a1', 'https://www.printhaven.co.uk/my-photos/albums/a1', win);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
    expect(win.location.assign).toHaveBeenLastCalledWith('https://upload.example.test/?album_id=a1');

    runTimers();

    expect(win.location.assign).toHaveBeenCalledTimes(2);
    expect(win.location.assign).toHaveBeenLastCalledWith('https://www.printhaven.co.uk/my-photos/albums/a1');
  });

  test('does not pull the browser back while it is leaving for the upload page', () => {
    const { win, fire, runTimers } = fakeWindow();
    redirectToMobileUpload('https://upload.example.test/', 'https://www.printhaven.co.uk/my-photos/photos', win);
    fire('beforeunload');
    runTimers();
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });
});
