import { describe, expect, it } from 'vitest';
import {
  choiceForDate,
  reminderDateFor,
  REMINDER_CHOICES,
  todayIso,
} from '#client/features/portal-visits/reminder-date';

const now = new Date(2025, 0, 15, 10, 0, 0); // 15 January 2025, local time
const TODAY = '2025-01-15';

describe('reminder date arithmetic', () => {
  it('offers none, custom and the five presets', () => {
    expect(REMINDER_CHOICES).toEqual(['none', 'custom', 21, 30, 90, 180, 365]);
  });

  it("adds the preset days to the record's date: today for a record given today", () => {
    expect(reminderDateFor(21, null, TODAY, now)).toBe('2025-02-05');
    expect(reminderDateFor(30, '2020-01-01', TODAY, now)).toBe('2025-02-14');
    expect(reminderDateFor(90, null, TODAY, now)).toBe('2025-04-15');
    expect(reminderDateFor(180, null, TODAY, now)).toBe('2025-07-14');
    expect(reminderDateFor(365, null, TODAY, now)).toBe('2026-01-15');
  });

  it('for a record entered later, counts from the day it was given; without a date, from today', () => {
    expect(reminderDateFor(90, null, '2025-01-02', now)).toBe('2025-04-02');
    expect(reminderDateFor(21, null, '', now)).toBe('2025-02-05');
    expect(reminderDateFor(21, null, null, now)).toBe('2025-02-05');
  });

  it('crosses a leap day', () => {
    expect(reminderDateFor(21, null, '2024-02-20', new Date(2024, 1, 20))).toBe('2024-03-12');
  });

  it("gives null for no reminder and the existing date (or the record's date) for custom", () => {
    expect(reminderDateFor('none', '2025-03-01', TODAY, now)).toBeNull();
    expect(reminderDateFor('custom', '2025-03-01', TODAY, now)).toBe('2025-03-01');
    expect(reminderDateFor('custom', null, TODAY, now)).toBe('2025-01-15');
    expect(todayIso(now)).toBe('2025-01-15');
  });
});

describe('the choice a stored reminder reopens as', () => {
  it('a date a preset made reopens as that preset, also days later', () => {
    for (const preset of [21, 30, 90, 180, 365] as const) {
      const saved = reminderDateFor(preset, null, '2025-01-10', now);
      expect(choiceForDate(saved, '2025-01-10', new Date(2025, 2, 1))).toBe(preset);
    }
  });

  it('any other date is custom; none is none', () => {
    expect(choiceForDate(null, '2025-01-10')).toBe('none');
    expect(choiceForDate('2025-03-01', '2025-01-10')).toBe('custom');
    expect(choiceForDate('not a date', '2025-01-10')).toBe('custom');
  });
});

describe("the clinic's protocol as a reminder choice", () => {
  it("counts the protocol's days from the record's date, and gives none without a protocol", () => {
    expect(reminderDateFor('protocol', null, '2025-01-02', now, 365)).toBe('2026-01-02');
    expect(reminderDateFor('protocol', null, '', now, 21)).toBe('2025-02-05');
    expect(reminderDateFor('protocol', '2025-03-01', TODAY, now, null)).toBeNull();
  });
});
