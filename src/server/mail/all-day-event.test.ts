import { createEvent } from 'ics';
import { describe, expect, it } from 'vitest';
import { allDayEvent } from '#server/mail/all-day-event';

describe('allDayEvent', () => {
  it('ends on the next day, across a month and a year, and writes no invalid duration', () => {
    expect(allDayEvent('2026-11-28')).toEqual({ start: [2026, 11, 28], end: [2026, 11, 29] });
    expect(allDayEvent('2028-02-29')).toEqual({ start: [2028, 2, 29], end: [2028, 3, 1] });
    expect(allDayEvent('2026-12-31')).toEqual({ start: [2026, 12, 31], end: [2027, 1, 1] });
    const event = createEvent({ ...allDayEvent('2026-12-31'), title: 'Rabies' }).value ?? '';
    expect(event).toContain('DTSTART;VALUE=DATE:20261231');
    expect(event).toContain('DTEND;VALUE=DATE:20270101');
    expect(event).not.toContain('DURATION');
  });
});
