/**
 * Where the first NUL character in a parsed request part is ('' for the part itself), or undefined.
 * PostgreSQL cannot store a NUL; this is the safety net under the contracts' text types.
 */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
