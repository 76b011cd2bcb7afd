import { describe, expect, it } from 'vitest';
import { formatLongDate } from '#client/components/format/dates';

describe('formatLongDate', () => {
  it('writes dates in the long US format', () => {
    expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatLongDate('2024-12-31', 'en')).toBe('December 31, 2024');
    expect(formatLongDate('2024-12-31', 'en-GB')).toBe('December 31, 2024');
  });

  it('keeps the calendar day whatever the time zone (dates are read in UTC)', () => {
    expect(formatLongDate('2025-01-01', 'en')).toBe('January 1, 2025');
  });

  it('localises for Spanish and Arabic, regional variants included', () => {
    expect(formatLongDate('2025-03-05', 'es')).toBe('5 de marzo de 2025');
    expect(formatLongDate('2025-03-05', 'es-MX')).toBe('5 de marzo de 2025');
    const ar = formatLongDate('2025-03-05', 'ar');
    expect(ar).toContain('مارس');
    expect(ar).not.toContain('March');
  });

  it('returns an unreadable value unchanged and an empty one as empty', () => {
    expect(formatLongDate('not a date')).toBe('not a date');
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate(undefined, 'es')).toBe('');
  });
});
