import { describe, expect, it } from 'vitest';
import { nearestColour, readColour } from '#client/components/format/colour-name';

describe('colour names', () => {
  it('names a hex value by the nearest palette colour', () => {
    expect(nearestColour('#C8913F')).toBe('golden');
    expect(nearestColour('#E8DCC8')).toBe('cream');
    expect(nearestColour('#000')).toBe('black');
    expect(nearestColour('#FFFFFF')).toBe('white');
  });

  it('translates a known name and paints it; leaves other text as written', () => {
    expect(readColour('Black')).toEqual({ key: 'black', paint: '#1b1b1b' });
    expect(readColour('#c8913f')).toEqual({ key: 'golden', paint: '#c8913f' });
    expect(readColour('Tricolour (black, tan and white)')).toEqual({ key: null, paint: null });
  });
});
