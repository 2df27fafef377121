// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): happy-dom's storage does not call a replaced Storage.prototype method.
import { describe, expect, test, vi } from 'vitest';
import { deleteCookie, getCookie, isStorageAvailable, readJson, setCookie, writeJson } from './storage';

describe('cookies', () => {
  test('a value with separators survives a round trip, and deleting removes it', () => {
    setCookie('shoebox_test', 'a=b; c,d é', 60);
    expect(getCookie('shoebox_test')).toBe('a=b; c,d é');

    deleteCookie('shoebox_test');
    expect(getCookie('shoebox_test')).toBeUndefined();
  });

  test('a cookie whose value is not valid percent-encoding is read without throwing', () => {
    document.cookie = 'cookie_consent=100%; Path=/';
    expect(() => getCookie('cookie_consent')).not.toThrow();
  });

  test('a cookie whose name is the prefix of another is not confused with it', () => {
    document.cookie = 'consent_extra=1; Path=/';
    expect(getCookie('consent')).toBeUndefined();
  });
});

describe('JSON in storage', () => {
  test('writes and reads back; unreadable or missing values are undefined', () => {
    writeJson(localStorage, 'k', { a: [1, 2] });
    expect(readJson(localStorage, 'k')).toEqual({ a: [1, 2] });
    localStorage.setItem('broken', '{');
    expect(readJson(localStorage, 'broken')).toBeUndefined();
    expect(readJson(localStorage, 'missing')).toBeUndefined();
  });
});

describe('isStorageAvailable', () => {
  test('is true when local storage, session storage and cookies work', () => {
    expect(isStorageAvailable()).toBe(true);
  });

  test('is false when the browser blocks site data (storage throws)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(isStorageAvailable()).toBe(false);
  });
});
