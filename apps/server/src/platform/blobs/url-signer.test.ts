import { describe, expect, it } from 'vitest';
import { urlSigner } from './url-signer.js';

const KEY = 'archives/c-1/d-1.zip';

describe('signed blob links', () => {
  const signer = urlSigner('secret');
  const paramsOf = (query: string) => Object.fromEntries(new URLSearchParams(query)) as { e: string; s: string; d?: string };

  it('accept the expiry only as the server wrote it: another spelling of the same number is refused', () => {
    const signed = paramsOf(signer.sign(KEY, 'photos.zip'));
    expect(signer.verify(KEY, signed)).toBeGreaterThan(0);
    const e = Number(signed.e);
    for (const spelling of [`0x${e.toString(16)}`, `${e}.0`, `0${e}`, ` ${e}`, `${e} `, `+${e}`, `${e}e0`, `0o${e.toString(8)}`, `0b${e.toString(2)}`]) {
      expect(signer.verify(KEY, { ...signed, e: spelling }), spelling).toBeUndefined();
    }
  });

  it('refuses a part given twice', () => {
    const signed = paramsOf(signer.sign(KEY, 'photos.zip'));
    const twice = (name: 'e' | 's' | 'd') => ({ ...signed, [name]: [signed[name], signed[name]] }) as unknown as typeof signed;
    for (const name of ['e', 's', 'd'] as const) expect(signer.verify(KEY, twice(name)), name).toBeUndefined();
  });
});
