import { describe, expect, it } from 'vitest';
import { countryGroups } from '#client/features/directory/country-select';

const countries = [
  { id: 1, name: 'Antarctica' },
  { id: 2, name: 'Spain' },
  { id: 3, name: 'Bouvet Island' },
  { id: 4, name: 'Germany' },
  { id: 5, name: 'Österreich' },
];

describe('countryGroups', () => {
  it('offers the countries with providers first, with their counts, then the rest, each by name', () => {
    const { withSome, others } = countryGroups(
      countries,
      [
        { id: 2, count: 7 },
        { id: 4, count: 2 },
        { id: 5, count: 1 },
      ],
      'de',
    );
    expect(withSome).toEqual([
      { id: '4', name: 'Germany', count: 2 },
      { id: '5', name: 'Österreich', count: 1 },
      { id: '2', name: 'Spain', count: 7 },
    ]);
    expect(others.map((o) => o.name)).toEqual(['Antarctica', 'Bouvet Island']);
  });

  it('without counts (their call failed) lists every country alike', () => {
    const { withSome, others } = countryGroups(countries, [], 'en');
    expect(withSome).toEqual([]);
    expect(others).toHaveLength(5);
  });
});
