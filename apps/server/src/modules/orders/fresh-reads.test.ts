import { describe, expect, it } from 'vitest';
import { FRESH_READ_BATCH_MAX, freshReads } from './fresh-reads.js';

/** A table of versions whose reads wait until released, recording what each read saw when it started. */
function slowTable() {
  const versions = new Map<string, number>();
  const reads: { keys: string[]; release(): void }[] = [];
  const load = (keys: string[]) => {
    const seen = new Map(keys.filter((k) => versions.has(k)).map((k) => [k, versions.get(k)!]));
    return new Promise<Map<string, number>>((resolve) => reads.push({ keys, release: () => resolve(seen) }));
  };
  return { versions, reads, load };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('fresh reads', () => {
  it('answers a call asked while a read is under way from a later read, which calls meanwhile share', async () => {
    const table = slowTable();
    const read = freshReads(table.load, 0);
    table.versions.set('ann', 1);
    const first = read('ann');
    await settle();
    // A write commits after the first read started: the calls asked now must see it.
    table.versions.set('ann', 2);
    const later = [read('ann'), read('ann'), read('bob')];
    await settle();
    expect(table.reads).toHaveLength(1);
    table.reads[0]!.release();
    expect(await first).toBe(1);
    await settle();
    expect(table.reads).toHaveLength(2);
    expect(table.reads[1]!.keys).toEqual(['ann', 'bob']);
    table.reads[1]!.release();
    expect(await Promise.all(later)).toEqual([2, 2, 0]);
  });

  it('reads at most FRESH_READ_BATCH_MAX keys at once, and fails only the calls of a read that failed', async () => {
    let calls = 0;
    const read = freshReads(async (keys) => {
      calls++;
      if (keys.includes('broken')) throw new Error('database gone');
      expect(keys.length).toBeLessThanOrEqual(FRESH_READ_BATCH_MAX);
      return new Map(keys.map((k) => [k, k.length]));
    }, 0);
    await expect(read('broken')).rejects.toThrow('database gone');
    const many = Array.from({ length: FRESH_READ_BATCH_MAX + 2 }, (_, i) => `k${i}`);
    expect(await Promise.all(many.map(read))).toEqual(many.map((k) => k.length));
    expect(calls).toBe(1 + 1 + 2);
  });
});
