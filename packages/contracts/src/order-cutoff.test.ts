import { describe, expect, it } from 'vitest';
import { nextDispatch } from './order-cutoff.js';

const prints = { orderCutoff: '22:00', timeZone: 'Europe/London', productionDays: 1 };

describe('nextDispatch', () => {
  it("counts today's cut-off before it passes, in the group's time zone, and the production days after it", () => {
    // Tuesday 1 December 2026, 21:59 in London (GMT).
    expect(nextDispatch(prints, new Date('2026-12-01T21:59:00Z'))).toEqual({ cutoffDay: '2026-12-01', today: true, dispatchDay: '2026-12-02' });
    // 22:00 has passed: Wednesday's cut-off, dispatch Thursday.
    expect(nextDispatch(prints, new Date('2026-12-01T22:00:00Z'))).toEqual({ cutoffDay: '2026-12-02', today: false, dispatchDay: '2026-12-03' });
    // In British Summer Time 21:30 UTC is 22:30 in London: past the cut-off.
    expect(nextDispatch(prints, new Date('2026-07-01T21:30:00Z'))).toEqual({ cutoffDay: '2026-07-02', today: false, dispatchDay: '2026-07-03' });
  });

  it('skips the weekend for both the cut-off and production', () => {
    // Friday 4 December after the cut-off: Monday's, dispatch Tuesday.
    expect(nextDispatch(prints, new Date('2026-12-04T23:00:00Z'))).toEqual({ cutoffDay: '2026-12-07', today: false, dispatchDay: '2026-12-08' });
    // Saturday morning: Monday's cut-off.
    expect(nextDispatch(prints, new Date('2026-12-05T09:00:00Z'))).toMatchObject({ cutoffDay: '2026-12-07', today: false });
    // Photo books: 3 working days from Thursday's 14:00 cut-off is Tuesday.
    expect(nextDispatch({ orderCutoff: '14:00', timeZone: 'Europe/London', productionDays: 3 }, new Date('2026-12-03T10:00:00Z'))).toEqual({ cutoffDay: '2026-12-03', today: true, dispatchDay: '2026-12-08' });
  });

  it("reads another time zone's day: just after midnight in Oslo is still the evening before in London", () => {
    const oslo = { orderCutoff: '22:00', timeZone: 'Europe/Oslo', productionDays: 0 };
    // 23:30 UTC on Tuesday is 00:30 on Wednesday in Oslo, before Wednesday's cut-off.
    expect(nextDispatch(oslo, new Date('2026-12-01T23:30:00Z'))).toEqual({ cutoffDay: '2026-12-02', today: true, dispatchDay: '2026-12-02' });
  });
});
