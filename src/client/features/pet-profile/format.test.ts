import { describe, expect, it } from 'vitest';
import { chatLink, formatLongDate, orNotAvailable, phoneDigits } from '#client/features/pet-profile/format';

describe('formatLongDate', () => {
  it('writes record dates in the long US format', () => {
    expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatLongDate('2024-12-31', 'en')).toBe('December 31, 2024');
  });

  it('keeps the calendar day whatever the time zone (dates are read in UTC)', () => {
    expect(formatLongDate('2025-01-01', 'en')).toBe('January 1, 2025');
  });

  it('localises for Spanish and Arabic', () => {
    expect(formatLongDate('2025-03-05', 'es')).toBe('5 de marzo de 2025');
    const ar = formatLongDate('2025-03-05', 'ar');
    expect(ar).toContain('مارس');
    expect(ar).not.toContain('March');
  });

  it('returns an unreadable value unchanged and an empty one as empty', () => {
    expect(formatLongDate('not a date')).toBe('not a date');
    expect(formatLongDate(null)).toBe('');
  });
});

describe('orNotAvailable', () => {
  it('shows N/A for missing or blank values', () => {
    expect(orNotAvailable(null, 'N/A')).toBe('N/A');
    expect(orNotAvailable(undefined, 'N/A')).toBe('N/A');
    expect(orNotAvailable('   ', 'N/A')).toBe('N/A');
  });

  it('keeps real values, zero included', () => {
    expect(orNotAvailable('DEMO0001', 'N/A')).toBe('DEMO0001');
    expect(orNotAvailable(0, 'N/A')).toBe('0');
  });
});

describe('chat links', () => {
  it('keep the digits of the phone only', () => {
    expect(phoneDigits('+1 (555) 010-0200')).toBe('15550100200');
    expect(chatLink('+34 600 11 22 33')).toBe('https://wa.me/34600112233');
  });

  it('are absent when the phone has no digits', () => {
    expect(chatLink('')).toBeNull();
    expect(chatLink(null)).toBeNull();
    expect(chatLink('n/a')).toBeNull();
  });
});
