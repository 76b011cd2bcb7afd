import { describe, expect, it } from 'vitest';
import { colorNameOf, colorNamesOfText, colorSimilarity } from '#server/found-pets/colors';

describe('colour names', () => {
  it.each([
    ['Black', ['black']],
    ['Black and tan', ['black', 'tan']],
    ['Tricolour (black, tan and white)', ['black', 'tan', 'white']],
    ['Ginger', ['red']],
    ['Seal point', ['cream', 'brown']],
    ['#C8913F', ['golden']],
    ['#E8DCC8', ['cream']],
    ['#A9A9A9', ['grey']],
    ['Red merle', ['red', 'grey']],
    ['', []],
    [null, []],
    ['spotted', []],
  ])('reads %s as %o', (text, names) => {
    expect(colorNamesOfText(text)).toEqual(names);
  });

  it('names a photo colour by the nearest of the documented colours', () => {
    expect(colorNameOf(10, 10, 10)).toBe('black');
    expect(colorNameOf(250, 250, 250)).toBe('white');
    expect(colorNameOf(120, 80, 45)).toBe('brown');
    expect(colorNameOf(60, 160, 60)).toBe('green');
  });

  it('counts names people mix up as half alike', () => {
    expect(colorSimilarity('golden', 'golden')).toBe(1);
    expect(colorSimilarity('golden', 'tan')).toBe(0.5);
    expect(colorSimilarity('tan', 'golden')).toBe(0.5);
    expect(colorSimilarity('black', 'white')).toBe(0);
  });
});
