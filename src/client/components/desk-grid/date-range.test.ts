import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, readDay, typedDay, withEnd } from '#client/components/desk-grid/date-range';

// Wednesday 5 March 2025
const today = dayjs('2025-03-05');

describe('date range presets of the desk', () => {
  it('names the days of each preset in the local calendar', () => {
    expect(presetRange('today', today)).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(presetRange('next7', today)).toEqual({ from: '2025-03-05', to: '2025-03-11' });
    expect(presetRange('next30', today)).toEqual({ from: '2025-03-05', to: '2025-04-03' });
    expect(presetRange('last30', today)).toEqual({ from: '2025-02-04', to: '2025-03-05' });
    // "This week" starts on the locale's first day: Sunday in English, Monday in Spanish, Saturday in Arabic.
    expect(presetRange('thisWeek', today)).toEqual({ from: '2025-03-02', to: '2025-03-08' });
    expect(presetRange('thisWeek', today, 1)).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(presetRange('thisWeek', today, 6)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(presetRange('thisWeek', dayjs('2025-03-01'), 6)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
  });

  it('"Next week" is Monday to Sunday of the week after this one, whatever day today is (issue 36)', () => {
    // Wednesday 5 March 2025: Monday 10 to Sunday 16
    expect(presetRange('nextWeek', today)).toEqual({ from: '2025-03-10', to: '2025-03-16' });
    // on a Sunday the next week starts tomorrow; on a Monday, in seven days
    expect(presetRange('nextWeek', dayjs('2025-03-09'))).toEqual({ from: '2025-03-10', to: '2025-03-16' });
    expect(presetRange('nextWeek', dayjs('2025-03-10'))).toEqual({ from: '2025-03-17', to: '2025-03-23' });
    // across a year's end
    expect(presetRange('nextWeek', dayjs('2025-12-26'))).toEqual({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('takes a whole typed day, and no day that is not whole (issue 36)', () => {
    expect(typedDay(dayjs('2026-11-29'))).toBe('2026-11-29');
    expect(typedDay(dayjs('2026-11-29').year(26))).toBeNull();
    expect(typedDay(dayjs('2026-11-29').year(202))).toBeNull();
    expect(typedDay(dayjs('not a day'))).toBeNull();
  });

  it('recognises a range that is a preset (its button shows pressed), among the offered ones', () => {
    expect(presetOf({ from: '2025-03-05', to: '2025-03-11' }, ['today', 'next7'], today)).toBe('next7');
    expect(presetOf({ from: '2025-03-05', to: '2025-03-05' }, ['today', 'next7'], today)).toBe('today');
    expect(presetOf({ from: '2025-03-05', to: '2025-03-11' }, ['today'], today)).toBeNull();
    expect(presetOf({}, ['today', 'overdue'], today)).toBeNull();
  });

  it('reads a day from an address or a saved view only when it is a real day', () => {
    expect(readDay('2025-03-05')).toBe('2025-03-05');
    for (const bad of ['2025-02-30', '2025-3-5', 'yesterday', '', null, 20250305]) expect(readDay(bad)).toBeUndefined();
  });

  it('when the ends cross, the other end follows the one just picked', () => {
    expect(withEnd({ from: '2025-03-01', to: '2025-03-05' }, 'from', '2025-03-09')).toEqual({
      from: '2025-03-09',
      to: '2025-03-09',
    });
    expect(withEnd({ from: '2025-03-05', to: '2025-03-09' }, 'to', '2025-03-01')).toEqual({
      from: '2025-03-01',
      to: '2025-03-01',
    });
    expect(withEnd({ from: '2025-03-01', to: '2025-03-05' }, 'to', '2025-03-20')).toEqual({
      from: '2025-03-01',
      to: '2025-03-20',
    });
    expect(withEnd({ from: '2025-03-01' }, 'from', undefined)).toEqual({ from: undefined });
  });
});
