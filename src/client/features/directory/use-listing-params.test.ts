import { describe, expect, it } from 'vitest';
import { parseNear, roundPosition } from '#shared/listing-query';

describe('near-me position in the URL', () => {
  it('keeps 2 decimals, never the exact position', () => {
    expect(roundPosition({ latitude: 51.50722, longitude: -0.12758 })).toEqual({ latitude: 51.51, longitude: -0.13 });
    expect(roundPosition({ latitude: -0.001, longitude: 0.004 })).toEqual({ latitude: 0, longitude: 0 });
    expect(Object.is(roundPosition({ latitude: -0.001, longitude: 0 }).latitude, -0)).toBe(false);
  });

  it('reads "lat,lon" in range, else no position', () => {
    expect(parseNear('51.51,-0.13')).toEqual({ latitude: 51.51, longitude: -0.13 });
    expect(parseNear('51.5072,-0.1276')).toEqual({ latitude: 51.51, longitude: -0.13 });
    expect(parseNear('-90,180')).toEqual({ latitude: -90, longitude: 180 });
    for (const bad of [null, '', '51.5', '91,0', '0,181', 'abc,def', '51.5;0', '1e3,0', '51.5,-0.1,3'])
      expect(parseNear(bad)).toBeNull();
  });
});
