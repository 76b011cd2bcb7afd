import { describe, expect, it } from 'vitest';
import { unknownBreedId } from '#shared/constants';
import { matchScore, type FoundFacts, type LostFacts } from '#server/found-pets/match-score';

const lost: LostFacts = {
  petTypeId: 1,
  petBreedId: 10,
  colors: ['black'],
  photoColors: [],
  size: 'medium',
  lostDate: '2026-11-01',
  latitude: 40.4,
  longitude: -3.7,
};
const found: FoundFacts = {
  petTypeId: 1,
  petBreedId: 10,
  colors: ['black'],
  photoColors: [],
  size: 'medium',
  foundDate: '2026-11-03',
  latitude: 40.41,
  longitude: -3.7,
};
const score = (f: Partial<FoundFacts>, l: Partial<LostFacts> = {}) =>
  matchScore({ ...found, ...f }, { ...lost, ...l })?.score;

describe('a breed one side could not tell (issue 36: the type\'s "Unknown" is a breed row of its own)', () => {
  it('counts as not known, never as the same breed', () => {
    const noGuess = score({ petBreedId: null });
    expect(noGuess).toBeLessThan(score({})!);
    const unknown = unknownBreedId(1);
    expect(score({ petBreedId: unknown }, { petBreedId: unknown })).toBe(noGuess);
    expect(score({ petBreedId: 10 }, { petBreedId: unknown })).toBe(noGuess);
    expect(score({ petBreedId: unknown })).toBe(noGuess);
  });
});
