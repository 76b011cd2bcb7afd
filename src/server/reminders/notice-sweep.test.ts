import { describe, expect, it } from 'vitest';
import { localDayAndHour, STAGE_GRACE_DAYS, stageWindows } from '#server/reminders/notice-sweep';

describe('which stage of a reminder is due on a day', () => {
  it('gives each stage the due dates for which it is the latest reached, within the grace', () => {
    expect(STAGE_GRACE_DAYS).toBe(7);
    expect(stageWindows([14, -14, 0], '2031-06-20')).toEqual([
      // two weeks before: due in 8 to 14 days (a stage is sent at most 7 days late)
      { stage: -14, from: '2031-06-28', to: '2031-07-04' },
      { stage: 0, from: '2031-06-14', to: '2031-06-20' },
      { stage: 14, from: '2031-05-31', to: '2031-06-06' },
    ]);
    // stages closer than the grace: the next stage cuts the window
    expect(stageWindows([0, 3], '2031-06-20')).toEqual([
      { stage: 0, from: '2031-06-18', to: '2031-06-20' },
      { stage: 3, from: '2031-06-11', to: '2031-06-17' },
    ]);
  });

  it('reads the day and hour in the clinic’s time zone', () => {
    const now = new Date('2031-06-20T02:30:00Z');
    expect(localDayAndHour(now, 'UTC')).toEqual({ day: '2031-06-20', hour: 2 });
    expect(localDayAndHour(now, 'America/New_York')).toEqual({ day: '2031-06-19', hour: 22 });
    expect(localDayAndHour(now, 'Asia/Kolkata')).toEqual({ day: '2031-06-20', hour: 8 });
    expect(localDayAndHour(new Date('2031-06-19T22:00:00Z'), 'Asia/Tokyo')).toEqual({ day: '2031-06-20', hour: 7 });
  });
});
