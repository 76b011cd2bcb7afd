import { describe, expect, it } from 'vitest';
import { choiceForDate, reminderDateFor, REMINDER_CHOICES, todayIso } from '#client/features/portal/visits/reminder-date';

const now = new Date(2025, 0, 15, 10, 0, 0); // 15 January 2025, local time

describe('reminder date arithmetic', () => {
  it('offers none, custom and the five presets', () => {
    expect(REMINDER_CHOICES).toEqual(['none', 'custom', 21, 30, 90, 180, 365]);
  });

  it('adds the preset days to today', () => {
    expect(reminderDateFor(21, null, now)).toBe('2025-02-05');
    expect(reminderDateFor(30, '2020-01-01', now)).toBe('2025-02-14');
    expect(reminderDateFor(90, null, now)).toBe('2025-04-15');
    expect(reminderDateFor(180, null, now)).toBe('2025-07-14');
    expect(reminderDateFor(365, null, now)).toBe('2026-01-15');
  });

  it('crosses a leap day', () => {
    expect(reminderDateFor(21, null, new Date(2024, 1, 20))).toBe('2024-03-12');
  });

  it('gives null for no reminder and the existing date (or today) for custom', () => {
    expect(reminderDateFor('none', '2025-03-01', now)).toBeNull();
    expect(reminderDateFor('custom', '2025-03-01', now)).toBe('2025-03-01');
    expect(reminderDateFor('custom', null, now)).toBe('2025-01-15');
    expect(todayIso(now)).toBe('2025-01-15');
  });

  it('shows a stored date as custom', () => {
    expect(choiceForDate(null)).toBe('none');
    expect(choiceForDate('2025-03-01')).toBe('custom');
  });
});
