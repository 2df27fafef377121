import type { SectionKey } from '../lib/section-key';

/**
 * Which photos are selected, without needing every photo's id: "all", whole months and single photos, minus
 * the photos taken out of "all" or of a whole month. So Select all in a 100,000-photo library, or a month's
 * select-all, costs nothing until an action needs the ids.
 */
export interface SelectionState {
  /** Selection mode is on: tiles toggle instead of opening the preview, and the toolbar shows. */
  active: boolean;
  all: boolean;
  months: ReadonlySet<SectionKey>;
  /** Single photos, with the month each is shown in. */
  ids: ReadonlyMap<string, SectionKey>;
  /** Photos taken out of "all" or out of a whole month. */
  excluded: ReadonlyMap<string, SectionKey>;
}

export type SelectionAction =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'toggle'; id: string; month: SectionKey; monthCount: number }
  | { type: 'selectMonth'; month: SectionKey }
  | { type: 'deselectMonth'; month: SectionKey; allMonths: readonly SectionKey[] }
  | { type: 'selectAll' }
  | { type: 'deselectAll' }
  /** Selects exactly these photos, e.g. those a delete could not delete. */
  | { type: 'selectOnly'; ids: ReadonlyMap<string, SectionKey> };

export const emptySelection: SelectionState = { active: false, all: false, months: new Set(), ids: new Map(), excluded: new Map() };

const withoutMonth = (map: ReadonlyMap<string, SectionKey>, month: SectionKey) => new Map([...map].filter(([, m]) => m !== month));
const countInMonth = (map: ReadonlyMap<string, SectionKey>, month: SectionKey) => {
  let n = 0;
  for (const m of map.values()) if (m === month) n++;
  return n;
};

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'start':
      return state.active ? state : { ...emptySelection, active: true };
    case 'stop':
      return emptySelection;
    case 'selectAll':
      return { ...emptySelection, active: true, all: true };
    case 'deselectAll':
      return { ...emptySelection, active: true };
    case 'selectOnly':
      return { ...emptySelection, active: true, ids: new Map(action.ids) };
    case 'selectMonth':
      if (state.all) return { ...state, active: true, excluded: withoutMonth(state.excluded, action.month) };
      return {
        ...state,
        active: true,
        months: new Set(state.months).add(action.month),
        ids: withoutMonth(state.ids, action.month),
        excluded: withoutMonth(state.excluded, action.month),
      };
    case 'deselectMonth': {
      if (state.all) {
        // "All but one month" has no ids to list: it becomes every other month, keeping their exclusions.
        const months = new Set(action.allMonths.filter((m) => m !== action.month));
        return { ...state, all: false, months, ids: new Map(), excluded: withoutMonth(state.excluded, action.month) };
      }
      const months = new Set(state.months);
      months.delete(action.month);
      return { ...state, months, ids: withoutMonth(state.ids, action.month), excluded: withoutMonth(state.excluded, action.month) };
    }
    case 'toggle': {
      const { id, month, monthCount } = action;
      if (state.all || state.months.has(month)) {
        const excluded = new Map(state.excluded);
        if (excluded.has(id)) excluded.delete(id);
        else excluded.set(id, month);
        // A whole month with every photo taken out again is simply not selected.
        if (!state.all && countInMonth(excluded, month) >= monthCount) {
          const months = new Set(state.months);
          months.delete(month);
          return { ...state, months, excluded: withoutMonth(excluded, month) };
        }
        return { ...state, excluded };
      }
      const ids = new Map(state.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.set(id, month);
      // Every photo of the month picked one by one is the whole month: its select-all now reads Deselect all.
      if (countInMonth(ids, month) >= monthCount) {
        return { ...state, months: new Set(state.months).add(month), ids: withoutMonth(ids, month) };
      }
      return { ...state, ids };
    }
  }
}

export function isPhotoSelected(state: SelectionState, id: string, month: SectionKey): boolean {
  if (state.all || state.months.has(month)) return !state.excluded.has(id);
  return state.ids.has(id);
}

/** How many photos are selected, given every month's count and the library's total. */
export function selectedAmount(state: SelectionState, countBySection: ReadonlyMap<SectionKey, number>, total: number): number {
  if (state.all) return Math.max(0, total - state.excluded.size);
  let amount = state.ids.size - state.excluded.size;
  for (const month of state.months) amount += countBySection.get(month) ?? 0;
  return Math.max(0, amount);
}

/** Whether every photo of the month is selected (its select-all then reads Deselect all). */
export function isMonthSelected(state: SelectionState, month: SectionKey): boolean {
  return (state.all || state.months.has(month)) && countInMonth(state.excluded, month) === 0;
}
