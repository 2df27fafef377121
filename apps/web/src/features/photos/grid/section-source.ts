import type { timelineMonthQueryOptions } from '../api/get-timeline-month';
import type { GridSection } from './grid-layout';

/** The infinite query holding one section's photos, page by page (a timeline month's and an album's have the same shape). */
export type SectionQueryOptions = ReturnType<typeof timelineMonthQueryOptions>;

/**
 * Where a grid's sections get their photos: the timeline's months each have their own query, an album's one
 * section has the album's. The grid itself only lays out, virtualizes and loads what is near the viewport.
 */
export interface SectionSource {
  /** Names the source (with its sort) for React keys: a new id starts the grid's loaders afresh. */
  id: string;
  /** Prefix of every section query's key: the grid follows their changes and waits for them to settle. */
  queryPrefix: readonly unknown[];
  sectionQuery(section: GridSection): SectionQueryOptions;
}
