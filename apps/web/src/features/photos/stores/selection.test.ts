import { describe, expect, test } from 'vitest';
import { emptySelection, isMonthSelected, isPhotoSelected, selectedAmount, selectionReducer, type SelectionAction, type SelectionState } from './selection';

const counts = new Map([
  ['2024-6', 3],
  ['2024-5', 2],
] as const);
const total = 5;
const run = (...actions: SelectionAction[]) => actions.reduce(selectionReducer, { ...emptySelection, active: true } as SelectionState);
const amount = (state: SelectionState) => selectedAmount(state, counts, total);

describe('selection', () => {
  test('single photos toggle on and off', () => {
    const state = run({ type: 'toggle', id: 'a', month: '2024-6', monthCount: 3 }, { type: 'toggle', id: 'd', month: '2024-5', monthCount: 2 });
    expect(amount(state)).toBe(2);
    expect(isPhotoSelected(state, 'a', '2024-6')).toBe(true);
    expect(amount(selectionReducer(state, { type: 'toggle', id: 'a', month: '2024-6', monthCount: 3 }))).toBe(1);
  });

  test("a month's select-all selects photos not loaded yet; taking one out leaves the rest", () => {
    let state = run({ type: 'selectMonth', month: '2024-6' });
    expect(amount(state)).toBe(3);
    expect(isPhotoSelected(state, 'never-loaded', '2024-6')).toBe(true);
    expect(isMonthSelected(state, '2024-6')).toBe(true);

    state = selectionReducer(state, { type: 'toggle', id: 'b', month: '2024-6', monthCount: 3 });
    expect(amount(state)).toBe(2);
    expect(isPhotoSelected(state, 'b', '2024-6')).toBe(false);
    expect(isMonthSelected(state, '2024-6')).toBe(false);
  });

  test('picking every photo of a month one by one makes the month selected, and taking all out unselects it', () => {
    let state = run({ type: 'toggle', id: 'd', month: '2024-5', monthCount: 2 }, { type: 'toggle', id: 'e', month: '2024-5', monthCount: 2 });
    expect(isMonthSelected(state, '2024-5')).toBe(true);
    expect(amount(state)).toBe(2);
    state = run({ type: 'selectMonth', month: '2024-5' }, { type: 'toggle', id: 'd', month: '2024-5', monthCount: 2 }, { type: 'toggle', id: 'e', month: '2024-5', monthCount: 2 });
    expect(amount(state)).toBe(0);
    expect(state.months.size).toBe(0);
  });

  test('Select all covers the whole library; deselecting a month keeps the others', () => {
    let state = run({ type: 'selectAll' });
    expect(amount(state)).toBe(total);
    state = selectionReducer(state, { type: 'deselectMonth', month: '2024-6', allMonths: ['2024-6', '2024-5'] });
    expect(amount(state)).toBe(2);
    expect(isPhotoSelected(state, 'x', '2024-6')).toBe(false);
    expect(isPhotoSelected(state, 'd', '2024-5')).toBe(true);
  });

  test('Deselect all keeps selection mode on; stop leaves it', () => {
    const state = run({ type: 'selectAll' }, { type: 'deselectAll' });
    expect(state.active).toBe(true);
    expect(amount(state)).toBe(0);
    expect(selectionReducer(state, { type: 'stop' }).active).toBe(false);
  });
});
