import { describe, expect, it } from 'vitest';
import { currentSequence, nextStep } from './retention-schedule.js';

const END = new Date('2026-07-10T09:00:00.000Z');
const at = (iso: string) => new Date(iso);
const sequence = (remindersSent: number, deletionAt = END) => ({ periodEnd: END, deletionAt, remindersSent });

describe('the storage period schedule', () => {
  it('waits until 30 days before the deletion day, then reminds once per stage, in order', () => {
    expect(nextStep(sequence(0), at('2026-06-09T23:59:59.000Z'))).toEqual({ kind: 'wait' });
    expect(nextStep(sequence(0), at('2026-06-10T00:00:00.000Z'))).toEqual({ kind: 'remind', stage: 1, deletionAt: END });
    expect(nextStep(sequence(1), at('2026-06-20T07:00:00.000Z'))).toEqual({ kind: 'wait' });
    expect(nextStep(sequence(1), at('2026-07-03T07:00:00.000Z'))).toEqual({ kind: 'remind', stage: 2, deletionAt: END });
    expect(nextStep(sequence(2), at('2026-07-09T07:00:00.000Z'))).toEqual({ kind: 'remind', stage: 3, deletionAt: END });
  });

  it('empties the library on the deletion day, only with all three reminders sent', () => {
    expect(nextStep(sequence(3), at('2026-07-09T23:00:00.000Z'))).toEqual({ kind: 'wait' });
    expect(nextStep(sequence(3), at('2026-07-10T07:00:00.000Z'))).toEqual({ kind: 'empty' });
    expect(nextStep(sequence(2), at('2026-08-10T07:00:00.000Z')).kind).toBe('remind');
  });

  it('a late reminder moves the date so that its whole notice is left, never earlier', () => {
    expect(nextStep(sequence(0), at('2026-07-15T07:00:00.000Z'))).toEqual({ kind: 'remind', stage: 1, deletionAt: at('2026-08-14T00:00:00.000Z') });
    // The second reminder is due 7 days before the moved date and keeps it.
    const moved = at('2026-08-14T00:00:00.000Z');
    expect(nextStep(sequence(1, moved), at('2026-08-07T07:00:00.000Z'))).toEqual({ kind: 'remind', stage: 2, deletionAt: moved });
    expect(nextStep(sequence(2, moved), at('2026-08-14T07:00:00.000Z'))).toEqual({ kind: 'remind', stage: 3, deletionAt: at('2026-08-15T00:00:00.000Z') });
  });

  it('a stored sequence counts only while it belongs to the computed end: an order starts a new one', () => {
    const stored = { period_end: END.toISOString(), deletion_at: '2026-07-12T00:00:00.000Z', reminders_sent: 2 };
    expect(currentSequence(END, stored)).toEqual({ periodEnd: END, deletionAt: at('2026-07-12T00:00:00.000Z'), remindersSent: 2 });
    const later = at('2028-01-20T10:00:00.000Z');
    expect(currentSequence(later, stored)).toEqual({ periodEnd: later, deletionAt: later, remindersSent: 0 });
  });
});
