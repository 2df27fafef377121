import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENT, formatConsent, parseConsent, type ConsentValue } from './index.js';

describe('cookie consent', () => {
  it('reads analytics from the first digit and marketing from the second', () => {
    expect(parseConsent('10')).toEqual({ analytics: true, marketing: false });
    expect(parseConsent('01')).toEqual({ analytics: false, marketing: true });
    expect(parseConsent('11')).toEqual({ analytics: true, marketing: true });
  });

  it.each(['00', '01', '10', '11'] as ConsentValue[])('round-trips %s', (value) => {
    expect(formatConsent(parseConsent(value))).toBe(value);
  });

  it.each([undefined, null, '', '1', '111', '2', 'yes', ' 11'])('treats %j as no consent', (raw) => {
    expect(parseConsent(raw)).toEqual({ analytics: false, marketing: false });
    expect(formatConsent(parseConsent(raw))).toBe(DEFAULT_CONSENT);
  });
});
