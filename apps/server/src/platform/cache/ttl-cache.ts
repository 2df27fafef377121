/** A bounded in-memory cache whose entries expire; the oldest entry goes first when it is full. */
export function ttlCache<V>(maxEntries: number, ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    /** The cached value, or the loaded one (then cached). */
    async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
      const hit = this.get(key);
      if (hit !== undefined) return hit;
      const value = await load();
      this.set(key, value);
      return value;
    },
  };
}
