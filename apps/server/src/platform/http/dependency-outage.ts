/**
 * Errors that mean a dependency (PostgreSQL, Redis, the bucket) cannot be reached right now, not that the
 * request or the code is wrong: the caller is told to try again shortly (503 with Retry-After), and the
 * balancer's readiness check takes the instance out meanwhile (decision 092).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart). */
const POSTGRES_OUTAGE = /^(08...|57P0[1-3])$/;
const OUTAGE_MESSAGES = [
  // node-postgres: no pool slot or connection within connectionTimeoutMillis, or the server went away.
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  // ioredis: the connection is down and the command was not sent.
  /Connection is closed/i,
  /Reached the max retries per request limit/i,
];

/** Seconds a caller waits before trying again after an outage answer. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** What a caller hears when a dependency is out, from any route (the tus routes answer it themselves). */
export const OUTAGE_ANSWER = { status: 503, code: 'service_unavailable', message: 'The service is briefly unavailable; please try again in a moment' } as const;

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_OUTAGE.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  return isDependencyOutage(e.cause, depth + 1);
}
