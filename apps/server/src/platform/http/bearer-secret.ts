import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * A service's own secret sent as `Authorization: Bearer <secret>` (the back office's key, the operator's
 * metrics token), checked in constant time: both sides are hashed first, so comparing takes as long whatever
 * the length given. A customer's access token is simply a wrong secret.
 */
export function bearerSecret(secret: string): (authorization: string | undefined) => 'missing' | 'wrong' | 'right' {
  const expected = digest(secret);
  return (authorization) => {
    const given = BEARER.exec(authorization ?? '')?.[1];
    if (given === undefined) return 'missing';
    return timingSafeEqual(digest(given), expected) ? 'right' : 'wrong';
  };
}
