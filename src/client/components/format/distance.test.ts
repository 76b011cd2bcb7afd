import { describe, expect, it } from 'vitest';
import { formatDistance, usesMiles } from '#client/components/format/distance';

describe('distance', () => {
  it('uses miles where the locale does', () => {
    expect(usesMiles('en-US')).toBe(true);
    expect(usesMiles('en-GB')).toBe(true);
    expect(usesMiles('es-US')).toBe(true);
    expect(usesMiles('en')).toBe(true);
    expect(usesMiles('es-ES')).toBe(false);
    expect(usesMiles('ar-AE')).toBe(false);
    expect(usesMiles('de')).toBe(false);
    expect(usesMiles('')).toBe(false);
    expect(usesMiles('not a locale!')).toBe(false);
  });

  it('formats km and miles with one decimal under 10', () => {
    expect(formatDistance(2.44, 'en', false)).toBe('2.4 km');
    expect(formatDistance(123.4, 'en', false)).toBe('123 km');
    expect(formatDistance(1.609344 * 3.25, 'en', true)).toBe('3.3 mi');
    expect(formatDistance(2.44, 'es', false)).toBe('2,4 km');
    expect(formatDistance(2.44, 'ar', false)).toMatch(/كم/);
  });
});
