/**
 * Names a section of a photo grid: a timeline month ('2024-6'), or the one section of an album. The
 * selection, the caches and the grid all key sections by it.
 */
export type SectionKey = string;
export type MonthKey = `${number}-${number}`;
export const monthKey = (year: number, month: number): MonthKey => `${year}-${month}`;
