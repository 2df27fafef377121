/**
 * No request a contract accepts nests deeper than a few levels; a body nested deeper is refused
 * before anything walks it further.
 */
export const MAX_REQUEST_NESTING = 32;

/** Where a parsed request part holds something no handler may see ('' for the part itself). */
export interface UnsafeValue {
  path: string;
  reason: 'nul' | 'nesting';
}

/**
 * Finds a NUL character (PostgreSQL cannot store one: this is the safety net under the contracts'
 * text types) or nesting past MAX_REQUEST_NESTING. Walks with its own stack, so a hostile body of
 * any depth cannot overflow the call stack.
 */
export function findUnsafeValue(value: unknown): UnsafeValue | undefined {
  const pending: Array<{ item: unknown; path: string; depth: number }> = [{ item: value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item, path, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { path, reason: 'nul' };
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_REQUEST_NESTING) return { path, reason: 'nesting' };
    // Reversed onto the stack, so fields are looked at in their order.
    for (const [key, child] of Object.entries(item).reverse()) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { path: at, reason: 'nul' };
      pending.push({ item: child, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}
