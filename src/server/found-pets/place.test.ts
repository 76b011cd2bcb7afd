import { describe, expect, it } from 'vitest';
import { distanceKm, publicPlace } from '#server/found-pets/place';

describe('publicPlace', () => {
  it('moves a place at most about 350 m, to the centre of its 500 m cell', () => {
    for (const [lat, lon] of [
      [38.7139, -9.1394],
      [51.5072, -0.1276],
      [-33.8688, 151.2093],
      [64.1466, -21.9426],
      [0.0001, 179.9999],
    ]) {
      const p = publicPlace(lat, lon);
      expect(distanceKm({ latitude: lat, longitude: lon }, p)).toBeLessThan(0.36);
      expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('gives every place of one cell the same public place', () => {
    const a = publicPlace(38.71391, -9.13941);
    const b = publicPlace(38.71392, -9.13942);
    expect(a).toEqual(b);
    // and a place 2 km away another one
    expect(publicPlace(38.7319, -9.1394)).not.toEqual(a);
  });

  it('measures great-circle distances', () => {
    expect(distanceKm({ latitude: 38.7139, longitude: -9.1394 }, { latitude: 38.7139, longitude: -9.1394 })).toBe(0);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.2, 1);
  });
});
