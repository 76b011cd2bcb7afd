import { describe, expect, it } from 'vitest';
import { parsePosition } from '#server/sightings/position';

describe('parsePosition', () => {
  it('reads valid decimal coordinates', () => {
    expect(parsePosition('38.7223', '-9.1393')).toEqual({ latitude: 38.7223, longitude: -9.1393 });
    expect(parsePosition(' 90 ', '-180')).toEqual({ latitude: 90, longitude: -180 });
    expect(parsePosition('0', '12.5')).toEqual({ latitude: 0, longitude: 12.5 });
  });

  it.each([
    [undefined, '1'],
    ['', ''],
    ['0', '0'],
    ['0.0', '-0'],
    ['90.0001', '0'],
    ['10', '180.5'],
    ['abc', '1'],
    ['1e1', '1'],
    ['NaN', '1'],
    ['Infinity', '1'],
    ['0x10', '1'],
    ['1,5', '1'],
  ])('treats (%s, %s) as no position', (lat, lon) => {
    expect(parsePosition(lat, lon)).toBeNull();
  });
});
