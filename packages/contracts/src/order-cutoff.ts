import type { ArticleGroup } from './campaigns.js';

/** A calendar day, YYYY-MM-DD, in an article group's time zone. */
export type LocalDay = string;

export interface NextDispatch {
  /** The day of the next cut-off an order placed now makes: today's, or that of the next working day. */
  cutoffDay: LocalDay;
  /** Whether that cut-off is today's in the group's time zone. */
  today: boolean;
  /** The working day the order is dispatched on: the cut-off's day plus the group's production days. */
  dispatchDay: LocalDay;
}

const WEEKEND = new Set([0, 6]);

/** The calendar day and time of `at` in `timeZone`. */
function localParts(at: Date, timeZone: string): { day: LocalDay; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const weekday = (day: LocalDay) => new Date(`${day}T12:00:00Z`).getUTCDay();
const nextDay = (day: LocalDay) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const nextWorkingDay = (day: LocalDay) => {
  let next = nextDay(day);
  while (WEEKEND.has(weekday(next))) next = nextDay(next);
  return next;
};

/**
 * When an order placed at `now` is dispatched (decision 111): before the group's cut-off on a working day
 * (Monday to Friday, in the group's time zone), that day counts; after it, or at a weekend, the next working
 * day's cut-off does. Production then takes the group's working days.
 */
export function nextDispatch(group: Pick<ArticleGroup, 'orderCutoff' | 'timeZone' | 'productionDays'>, now: Date): NextDispatch {
  const { day, minutes } = localParts(now, group.timeZone);
  const [hours, mins] = group.orderCutoff.split(':').map(Number) as [number, number];
  const today = !WEEKEND.has(weekday(day)) && minutes < hours * 60 + mins;
  const cutoffDay = today ? day : nextWorkingDay(day);
  let dispatchDay = cutoffDay;
  for (let i = 0; i < group.productionDays; i++) dispatchDay = nextWorkingDay(dispatchDay);
  return { cutoffDay, today, dispatchDay };
}
