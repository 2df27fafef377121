/** The reminders' moments: this many days before the deletion day (decision 071). */
export const REMINDER_DAYS_BEFORE = [30, 7, 1] as const;
export type ReminderStage = 1 | 2 | 3;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => Math.floor(date.getTime() / DAY_MS);

/** The reminder sequence a customer is in: for the computed end `periodEnd`, told `deletionAt`, `remindersSent` of three. */
export interface Sequence {
  periodEnd: Date;
  deletionAt: Date;
  remindersSent: number;
}

export type RetentionStep =
  | { kind: 'wait' }
  /** Send reminder `stage`, telling `deletionAt` (the told date, moved later when the reminder is late). */
  | { kind: 'remind'; stage: ReminderStage; deletionAt: Date }
  | { kind: 'empty' };

/** The sequence in force: the stored one while it belongs to the computed end, else a new one at that end. */
export function currentSequence(periodEnd: Date, stored: { period_end: string; deletion_at: string; reminders_sent: number } | undefined): Sequence {
  if (stored && Date.parse(stored.period_end) === periodEnd.getTime()) {
    return { periodEnd, deletionAt: new Date(stored.deletion_at), remindersSent: stored.reminders_sent };
  }
  return { periodEnd, deletionAt: periodEnd, remindersSent: 0 };
}

/**
 * What today's run does for a customer with photos: at most one reminder, in order, each once its day has
 * come; a reminder leaves at least its own notice (the told day moves to today + its days when later); the
 * library is emptied only on or after the told day, with all three sent.
 */
export function nextStep(sequence: Sequence, now: Date): RetentionStep {
  const today = dayOf(now);
  const deletionDay = dayOf(sequence.deletionAt);
  if (sequence.remindersSent >= REMINDER_DAYS_BEFORE.length) return today >= deletionDay ? { kind: 'empty' } : { kind: 'wait' };
  const daysBefore = REMINDER_DAYS_BEFORE[sequence.remindersSent]!;
  if (today < deletionDay - daysBefore) return { kind: 'wait' };
  const earliest = (today + daysBefore) * DAY_MS;
  const deletionAt = deletionDay * DAY_MS < earliest ? new Date(earliest) : sequence.deletionAt;
  return { kind: 'remind', stage: (sequence.remindersSent + 1) as ReminderStage, deletionAt };
}

/** The UTC day a run belongs to, e.g. "2026-11-24". */
export const runDay = (now: Date) => now.toISOString().slice(0, 10);
