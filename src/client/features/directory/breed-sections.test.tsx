import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PetGroup } from '#shared/contract/pets';
import { renderWithProviders } from '#tests/support/component-test-utils';
import { BreedSections } from '#client/features/directory/breed-sections';
import { petCardLink } from '#client/features/directory/pet-listing';
import { parseCountry, parsePetType } from '#client/features/directory/use-listing-params';

const groups: PetGroup[] = [
  {
    petBreedId: 10,
    petBreedTitle: 'Beagle',
    pets: [
      { petId: 11, publicId: 'PUB11', petName: 'Max', petImage: 'http://x.test/media/', age: 1 },
      { petId: 12, publicId: 'PUB12', petName: 'Luna', petImage: 'http://x.test/media/p/12.webp', age: 3 },
    ],
  },
  { petBreedId: 54, petBreedTitle: 'Poodle', pets: [{ petId: 13, publicId: 'PUB13', petName: 'Coco', petImage: '', age: 0 }] },
];

describe('BreedSections', () => {
  it('renders a section per breed with its heading and its pets', () => {
    renderWithProviders(<BreedSections groups={groups} linkOf={(p) => petCardLink('lost', p)} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Beagle', 'Poodle']);
    const beagle = screen.getByRole('region', { name: 'Beagle' });
    expect(within(beagle).getAllByRole('link')).toHaveLength(2);
    expect(within(beagle).getByRole('heading', { level: 3, name: 'Max' })).toBeInTheDocument();
    expect(within(beagle).getByText('1 year')).toBeInTheDocument();
    expect(within(beagle).getByText('3 years')).toBeInTheDocument();
    const poodle = screen.getByRole('region', { name: 'Poodle' });
    expect(within(poodle).getByRole('link')).toHaveAttribute('href', '/Pets/Details?petProfileId=13&publicId=PUB13&isFrom=Lost');
  });
});

describe('petCardLink', () => {
  it('follows SPEC.md for adoption and lost cards', () => {
    expect(petCardLink('adoption', { petId: 5, publicId: 'ABC' })).toBe('/Pets/Details?petProfileId=5&isFrom=Adoption');
    expect(petCardLink('lost', { petId: 5, publicId: 'ABC' })).toBe('/Pets/Details?petProfileId=5&publicId=ABC&isFrom=Lost');
  });
});

describe('listing URL state', () => {
  it('reads the pet type (default 1) and the country (default none)', () => {
    expect(parsePetType(null)).toBe(1);
    expect(parsePetType('2')).toBe(2);
    expect(parsePetType('x')).toBe(1);
    expect(parseCountry('12')).toBe('12');
    expect(parseCountry('')).toBe('');
    expect(parseCountry('1;drop')).toBe('');
  });
});
