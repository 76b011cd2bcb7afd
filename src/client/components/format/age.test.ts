import { describe, expect, it, vi } from 'vitest';
import { ageInMonths, formatAge } from '#client/components/format/age';

// a t function that shows which key and count it was asked for
const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${options && 'count' in options ? `:${String(options.count)}` : ''}`;

describe('the one age formatter', () => {
  it('counts whole months from the birth date', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    expect(ageInMonths('2026-06-23')).toBe(5);
    expect(ageInMonths('2026-06-24')).toBe(4);
    expect(ageInMonths(null)).toBeNull();
    vi.useRealTimers();
  });

  it('says years from one year, months under one year when the birth date is known, else "under 1 year"', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    expect(formatAge(t, 3, '2023-01-01')).toBe('common:age:3');
    expect(formatAge(t, 0, '2026-06-01')).toBe('common:ageMonths:5');
    expect(formatAge(t, 0, '2026-11-20')).toBe('common:ageUnderOneMonth');
    expect(formatAge(t, 0)).toBe('common:age:0');
    expect(formatAge(t, null)).toBe('');
    vi.useRealTimers();
  });
});
