import { describe, expect, it } from 'vitest';
import { breedMatches, filterBreeds } from '#client/features/portal-pets/breed-filter';

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

describe('breed search in the reader language', () => {
  const translated = [
    { id: 10, title: 'Pastor alemán', englishTitle: 'German Shepherd' },
    { id: 11, title: 'Labrador retriever', englishTitle: 'Labrador Retriever' },
    { id: 12, title: 'Tekir İstanbul', englishTitle: 'Istanbul Tabby' },
  ];

  it('finds a breed by its translated title and by its English title', () => {
    expect(filterBreeds(translated, 'pastor ALE', 'es').map((b) => b.id)).toEqual([10]);
    expect(filterBreeds(translated, 'german shep', 'es').map((b) => b.id)).toEqual([10]);
  });

  it('lowers case with the language rules (Turkish dotted I)', () => {
    expect(filterBreeds(translated, 'istanbul', 'tr').map((b) => b.id)).toEqual([12]);
  });
});
