import { describe, expect, test } from 'vitest';
import { readStrippedMode, withStrippedParam } from './stripped-mode';

describe('readStrippedMode', () => {
  test('is off by default', () => {
    expect(readStrippedMode('', window.sessionStorage)).toBe(false);
    expect(readStrippedMode('?stripped=yes', window.sessionStorage)).toBe(false);
  });

  test('stripped=true turns it on for the rest of the browser session; stripped=false turns it off', () => {
    expect(readStrippedMode('?stripped=true', window.sessionStorage)).toBe(true);
    expect(readStrippedMode('?page=2', window.sessionStorage)).toBe(true);
    expect(readStrippedMode('?stripped=false', window.sessionStorage)).toBe(false);
    expect(readStrippedMode('', window.sessionStorage)).toBe(false);
  });
});

describe('withStrippedParam', () => {
  test('adds stripped=true to a URL that lost it, keeping its other parameters and hash', () => {
    const next = withStrippedParam(new URL('http://localhost/orders?page=2#top'), true);
    expect(next?.pathname).toBe('/orders');
    expect(next?.searchParams.get('page')).toBe('2');
    expect(next?.searchParams.get('stripped')).toBe('true');
    expect(next?.hash).toBe('#top');
  });

  test('leaves the URL alone when stripped mode is off or the parameter is already there', () => {
    expect(withStrippedParam(new URL('http://localhost/orders'), false)).toBeUndefined();
    expect(withStrippedParam(new URL('http://localhost/orders?stripped=true'), true)).toBeUndefined();
  });

  test('does not change the URL it was given', () => {
    const url = new URL('http://localhost/settings');
    withStrippedParam(url, true);
    expect(url.search).toBe('');
  });
});
