import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** Signed blob URLs live this long; they are rounded to the hour so one photo keeps one URL (and cache entry) for an hour. */
export const SIGNED_URL_TTL_SECONDS = 6 * 60 * 60;
const ROUND_SECONDS = 60 * 60;
/** Seconds since the epoch as sign() writes them: digits, no leading zero, within a safe integer. */
const EXPIRY = /^[1-9]\d{0,14}$/;

/**
 * For a presigner that dates its signature (S3): signed from the start of the hour and valid for the
 * TTL and that hour, so every URL for a key made within one hour is the same and lives at least the TTL.
 */
export function hourlySigningWindow(nowMs: number): { date: Date; expiresSeconds: number } {
  const hour = Math.floor(nowMs / 1000 / ROUND_SECONDS) * ROUND_SECONDS;
  return { date: new Date(hour * 1000), expiresSeconds: SIGNED_URL_TTL_SECONDS + ROUND_SECONDS };
}

export interface SignedParams {
  expires: number;
  downloadName?: string;
}

export function urlSigner(secret: string, now: () => number = () => Date.now()) {
  const secretKey = createSecretKey(Buffer.from(secret));
  const mac = (key: string, expires: number, downloadName = '') =>
    createHmac('sha256', secretKey).update(`${key}\n${expires}\n${downloadName}`).digest('base64url');

  return {
    /** The query string (without '?') that makes a URL for the key valid until the next expiry. */
    sign(key: string, downloadName?: string): string {
      const expires = Math.ceil((now() / 1000 + SIGNED_URL_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      const query = `e=${expires}&s=${mac(key, expires, downloadName)}`;
      return downloadName ? `${query}&d=${encodeURIComponent(downloadName)}` : query;
    },
    /** The seconds the URL still works, or undefined when it is forged or expired. */
    verify(key: string, params: { e?: unknown; s?: unknown; d?: unknown }): number | undefined {
      const { e, s, d = '' } = params;
      // Only the spelling sign() writes: Number() would read '0x…', '….0' or '0…' as the same expiry, so
      // one signature would sign many links. A part given twice arrives as an array and is refused too.
      if (typeof e !== 'string' || !EXPIRY.test(e) || typeof s !== 'string' || !s || typeof d !== 'string') return undefined;
      const expires = Number(e);
      const expected = Buffer.from(mac(key, expires, d));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const remaining = expires - Math.floor(now() / 1000);
      return remaining > 0 ? remaining : undefined;
    },
  };
}
export type UrlSigner = ReturnType<typeof urlSigner>;
