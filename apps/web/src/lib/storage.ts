/** Browser storage and cookies, with the failure modes of blocked site data handled in one place. */
export function isStorageAvailable(): boolean {
  try {
    const key = '__shoebox_probe__';
    window.localStorage.setItem(key, key);
    window.localStorage.removeItem(key);
    window.sessionStorage.setItem(key, key);
    window.sessionStorage.removeItem(key);
    return navigator.cookieEnabled;
  } catch {
    return false;
  }
}

export function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}

export function getCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!found) return undefined;
  const raw = found.slice(prefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    // A cookie written by something else may not be URI-encoded; its raw value is still its value.
    return raw;
  }
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** A date long past: a cookie set to expire then is gone at once, whatever the clock says now. */
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

export function deleteCookie(name: string): void {
  // Max-Age=0 alone expires the cookie "now", which a DOM that compares with < keeps for the rest of the millisecond.
  document.cookie = `${name}=; Path=/; Max-Age=0; Expires=${EXPIRED}; SameSite=Lax`;
}
