import { useEffect, useState } from 'react';

/**
 * True once `ready` has held and the browser has had a moment to itself (requestIdleCallback, at most
 * `timeoutMs` later): what it gates loads after what the page is waiting for has painted, without competing
 * with it for the network or the main thread.
 */
export function useAfterIdle(ready: boolean, timeoutMs = 300): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, [ready, idle, timeoutMs]);
  return idle;
}
