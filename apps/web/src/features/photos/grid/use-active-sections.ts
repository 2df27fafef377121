import { useEffect, useRef, useState } from 'react';
import type { SectionKey } from '../lib/section-key';
import type { GridSection, SectionDemand } from './grid-layout';

/** While scrolling, a section must stay near the viewport this long before it loads: fast scrolling loads nothing. */
export const DWELL_MS = 150;

export interface ActiveSection {
  key: SectionKey;
  section: GridSection;
  wanted: number;
}

/**
 * The sections that load (timeline months, or an album's pages): those within about a viewport of the visible part (`near`), at once when the list is
 * still and after DWELL_MS when it is scrolling, and they stay loading while within the wider `keep` window.
 * A section leaving both stops loading (its loader unmounts and aborts its request).
 */
export function useActiveSections(near: SectionDemand[], keep: ReadonlySet<SectionKey>, scrolling: boolean): ActiveSection[] {
  const [active, setActive] = useState<ActiveSection[]>([]);
  const firstSeen = useRef(new Map<SectionKey, number>());
  const latest = useRef({ near, keep, scrolling });
  latest.current = { near, keep, scrolling };
  const signature = `${scrolling}|${near.map((d) => `${d.section.key}:${d.wanted}`).join(',')}|${[...keep].join(',')}`;

  useEffect(() => {
    const now = performance.now();
    const nearKeys = new Set(latest.current.near.map((d) => d.section.key));
    for (const key of firstSeen.current.keys()) if (!nearKeys.has(key)) firstSeen.current.delete(key);
    for (const key of nearKeys) if (!firstSeen.current.has(key)) firstSeen.current.set(key, now);

    const update = () => {
      const { near: demands, keep: kept, scrolling: moving } = latest.current;
      const at = performance.now();
      setActive((previous) => {
        const byKey = new Map(previous.filter((m) => kept.has(m.key)).map((m) => [m.key, m]));
        for (const { section, wanted } of demands) {
          const current = byKey.get(section.key);
          const dwelt = at - (firstSeen.current.get(section.key) ?? at) >= DWELL_MS;
          if (current) byKey.set(section.key, current.wanted >= wanted ? current : { ...current, wanted });
          else if (!moving || dwelt) byKey.set(section.key, { key: section.key, section, wanted });
        }
        const next = [...byKey.values()];
        const same = next.length === previous.length && next.every((m, i) => m === previous[i]);
        return same ? previous : next;
      });
    };
    update();
    if (!latest.current.scrolling) return;
    const timer = setTimeout(update, DWELL_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  return active;
}
