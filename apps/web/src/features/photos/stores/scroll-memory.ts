import { readJson, writeJson } from '../../../lib/storage';

const STORAGE_KEY = 'shoebox.photos.timelineScroll';

/**
 * Where the timeline was (spec: "Visible timeline sections and scroll position (two non-negative numbers)
 * are remembered locally"): the first visible section's index and the window's scroll position.
 */
export interface TimelineScrollMemory {
  section: number;
  scrollY: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export function readScrollMemory(): TimelineScrollMemory | undefined {
  const stored = readJson<Partial<TimelineScrollMemory>>(window.localStorage, STORAGE_KEY);
  return stored && isCount(stored.section) && isCount(stored.scrollY) ? { section: Math.floor(stored.section), scrollY: stored.scrollY } : undefined;
}

export function writeScrollMemory(memory: TimelineScrollMemory): void {
  try {
    writeJson(window.localStorage, STORAGE_KEY, { section: Math.max(0, Math.floor(memory.section)), scrollY: Math.max(0, Math.round(memory.scrollY)) });
  } catch {
    // Storage full or blocked: the position is simply not remembered.
  }
}
