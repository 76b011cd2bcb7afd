import { describe, expect, it } from 'vitest';
import {
  defaultWeightUnit,
  fromKilograms,
  recordedKilograms,
  weightDigits,
  weightUnitOf,
} from '#client/components/format/weight-units';

describe('weight units', () => {
  it('reads the unit titles the records carry', () => {
    expect(weightUnitOf('kg')).toBe('kg');
    expect(weightUnitOf(' Kilograms ')).toBe('kg');
    expect(weightUnitOf('lbs.')).toBe('lb');
    expect(weightUnitOf('lb')).toBe('lb');
    expect(weightUnitOf('km')).toBeNull();
    expect(weightUnitOf('')).toBeNull();
  });

  it('converts recorded weights through kilograms with the exact pound', () => {
    expect(recordedKilograms('12.5', 'kg')).toBe(12.5);
    expect(recordedKilograms('10', 'lb')).toBeCloseTo(4.5359237, 10);
    expect(recordedKilograms('4,5', 'kg')).toBe(4.5);
    expect(fromKilograms(4.5359237, 'lb')).toBeCloseTo(10, 10);
    expect(fromKilograms(12.5, 'kg')).toBe(12.5);
    // a pound value survives the round trip
    expect(fromKilograms(recordedKilograms('22.1', 'lb') ?? 0, 'lb')).toBeCloseTo(22.1, 10);
  });

  it('leaves out what is not a weight', () => {
    expect(recordedKilograms('', 'kg')).toBeNull();
    expect(recordedKilograms('about 5', 'kg')).toBeNull();
    expect(recordedKilograms('0', 'kg')).toBeNull();
    expect(recordedKilograms('-3', 'kg')).toBeNull();
    expect(recordedKilograms('1e3', 'kg')).toBeNull();
    expect(recordedKilograms('5', 'min')).toBeNull();
  });

  it('takes the default from the first language that names a region', () => {
    expect(defaultWeightUnit(['en-US', 'en'])).toBe('lb');
    expect(defaultWeightUnit(['en', 'en-GB'])).toBe('kg');
    expect(defaultWeightUnit(['es-US'])).toBe('lb');
    expect(defaultWeightUnit(['es-MX', 'en-US'])).toBe('kg');
    expect(defaultWeightUnit(['my-MM'])).toBe('lb');
    expect(defaultWeightUnit(['ar'])).toBe('kg');
    expect(defaultWeightUnit(['not a tag', 'en-LR'])).toBe('lb');
    expect(defaultWeightUnit([])).toBe('kg');
  });

  it('follows the language the page is shown in, not a region of another language (issue 36)', () => {
    expect(defaultWeightUnit(['en-US', 'en'], 'en')).toBe('lb');
    expect(defaultWeightUnit(['en-US', 'en'], 'es')).toBe('kg');
    expect(defaultWeightUnit(['en-US', 'de-DE'], 'de')).toBe('kg');
    expect(defaultWeightUnit(['de-DE', 'es-US'], 'es')).toBe('lb');
    expect(defaultWeightUnit(['en-US'], 'ar')).toBe('kg');
  });

  it('shows more digits for small animals', () => {
    expect(weightDigits(0.035)).toBe(3);
    expect(weightDigits(4.25)).toBe(2);
    expect(weightDigits(24.5)).toBe(1);
  });
});
