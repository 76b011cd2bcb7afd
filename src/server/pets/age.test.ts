import { describe, expect, it } from 'vitest';
import { ageInYears } from '#server/pets/age';

describe('ageInYears', () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it('counts whole years, turning on the birthday', () => {
    expect(ageInYears('2020-11-22', today)).toBe(6);
    expect(ageInYears('2020-11-23', today)).toBe(5);
    expect(ageInYears('2020-12-01', today)).toBe(5);
    expect(ageInYears('2026-01-01', today)).toBe(0);
  });
  it('gives 0 for an unknown, malformed or future date', () => {
    expect(ageInYears(null, today)).toBe(0);
    expect(ageInYears('soon', today)).toBe(0);
    expect(ageInYears('2030-01-01', today)).toBe(0);
  });
});
