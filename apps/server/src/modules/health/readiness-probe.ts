/**
 * How long a readiness answer waits for a check: well under a load balancer's usual check timeout
 * (HAProxy's default is 1 s), so the balancer always hears an answer rather than guessing why it did not.
 */
export const READINESS_CHECK_TIMEOUT_MS = 500;
/**
 * How long a dependency may leave a check unanswered before the instance counts as not ready. A slow answer
 * under load is not an outage: every instance shares the database, Redis and the bucket, so taking one out
 * of rotation for their slowness only moves its customers onto the others, which are as slow (decision 102).
 * A dependency that refuses or errs fails at once whatever this is.
 */
export const DEPENDENCY_UNANSWERED_MS = 5_000;

export type CheckOutcome = { outcome: 'ok' | 'slow' } | { outcome: 'failed'; error: unknown };

export class NoAnswer extends Error {}

/**
 * One dependency's check, run at most once at a time: a readiness request while the last check is still
 * unanswered waits on that one, so a hung dependency does not pile up checks, and its age says how long the
 * dependency has been silent.
 */
export function readinessProbe(check: () => Promise<unknown>, now: () => number = Date.now): () => Promise<CheckOutcome> {
  let pending: { since: number; settled: Promise<CheckOutcome> } | undefined;
  return async () => {
    if (!pending) {
      const current = {
        since: now(),
        settled: check().then(
          (): CheckOutcome => ({ outcome: 'ok' }),
          (error: unknown): CheckOutcome => ({ outcome: 'failed', error }),
        ),
      };
      pending = current;
      void current.settled.finally(() => {
        if (pending === current) pending = undefined;
      });
    }
    const { since, settled } = pending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), READINESS_CHECK_TIMEOUT_MS);
    });
    const answer = await Promise.race([settled, late]).finally(() => clearTimeout(timer));
    if (answer) return answer;
    const silentFor = now() - since;
    return silentFor < DEPENDENCY_UNANSWERED_MS ? { outcome: 'slow' } : { outcome: 'failed', error: new NoAnswer(`No answer for ${silentFor} ms`) };
  };
}
