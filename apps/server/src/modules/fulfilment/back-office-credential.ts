import type { FastifyRequest } from 'fastify';
import { bearerSecret } from '../../platform/http/bearer-secret.js';
import { TooManyRequests, unauthorized } from '../../platform/http/errors.js';
import type { BackOfficeFailureRepository } from './back-office-failure.repository.js';

/** Refused credentials one client address may send per window before every call of it is refused (decision 055). */
export const BACK_OFFICE_MAX_FAILURES = 10;
export const BACK_OFFICE_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The secrets-table name of the key the server makes when FULFILMENT_API_KEY is not set. */
export const FULFILMENT_KEY_SECRET = 'fulfilment.api-key';

/**
 * Checks the back office's service credential (`Authorization: Bearer <key>`) in constant time.
 * A customer's access token is simply a wrong key. Past the limit of refusals a client address is
 * refused, with the right key too, until its window ends: the answer then says nothing about the key.
 */
export function backOfficeCredential(o: { key: string; failures: BackOfficeFailureRepository; now?: () => number }) {
  const credential = bearerSecret(o.key);
  const now = o.now ?? Date.now;

  return async function check(request: FastifyRequest): Promise<void> {
    const at = now();
    const windowStartMs = at - (at % BACK_OFFICE_FAILURE_WINDOW_MS);
    const windowStart = new Date(windowStartMs).toISOString();
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + BACK_OFFICE_FAILURE_WINDOW_MS - at) / 1000));
    const throttled = () => new TooManyRequests('Too many refused back-office credentials from this address; try again later', retryAfter);
    const clientKey = `client:${request.ip}`;

    const given = credential(request.headers.authorization);
    if (given === 'right') {
      if ((await o.failures.failuresIn(clientKey, windowStart)) >= BACK_OFFICE_MAX_FAILURES) throw throttled();
      return;
    }
    const count = await o.failures.count(clientKey, windowStart);
    request.log.warn({ ip: request.ip, failures: count }, 'Back-office call with a wrong or missing service credential');
    if (count > BACK_OFFICE_MAX_FAILURES) throw throttled();
    throw unauthorized(given === 'missing' ? 'The back-office service credential is missing' : 'The back-office service credential is not valid');
  };
}
export type BackOfficeCredentialCheck = ReturnType<typeof backOfficeCredential>;
