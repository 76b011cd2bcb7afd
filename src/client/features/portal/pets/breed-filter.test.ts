import { describe, expect, it } from 'vitest';
import { breedMatches, filterBreeds } from '#client/features/portal/pets/breed-filter';

const breeds = [
  { id: 1, title: 'Unknown' },
  { id: 2, title: 'German Shepherd' },
  { id: 3, title: 'Australian Shepherd' },
  { id: 4, title: 'Labrador X Poodle' },
];

describe('breed search', () => {
  it('needs every word, in any order and case', () => {
    expect(breedMatches('German Shepherd', 'shep GER')).toBe(true);
    expect(breedMatches('German Shepherd', 'german poodle')).toBe(false);
    expect(filterBreeds(breeds, 'shepherd').map((b) => b.id)).toEqual([2, 3]);
    expect(filterBreeds(breeds, 'x poo').map((b) => b.id)).toEqual([4]);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(filterBreeds(breeds, '')).toHaveLength(4);
    expect(filterBreeds(breeds, '   ')).toHaveLength(4);
  });
});
