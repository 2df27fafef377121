/** The first retry after a push connection drops (decision 052). */
export const PUSH_RECONNECT_FIRST_DELAY_MS = 1_000;
/** Retries never wait longer than this, however long the server stays away (decision 052). */
export const PUSH_RECONNECT_MAX_DELAY_MS = 30_000;

/**
 * How long to wait before reconnect number `attempt` (0 for the first): doubling from the first delay up to
 * the cap, each a random 50–100 % of it so a server restart is not met by every browser at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(PUSH_RECONNECT_MAX_DELAY_MS, PUSH_RECONNECT_FIRST_DELAY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}
