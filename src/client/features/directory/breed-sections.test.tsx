import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PetGroup } from '#shared/contract/pets';
import { renderWithProviders } from '#tests/support/component-test-utils';
import { PetCard } from '#client/components/lists/pet-card';
import {
  BreedSections,
  NearestList,
  nearestFirst,
  type RenderPetCard,
} from '#client/features/directory/breed-sections';
import { petCardLink } from '#client/features/directory/pet-listing';
import { parseCountry, parsePetType } from '#shared/listing-query';

const groups: PetGroup[] = [
  {
    petBreedId: 10,
    petBreedTitle: 'Beagle',
    pets: [
      { petId: 11, publicId: 'PUB11', petName: 'Max', petImage: 'http://x.test/media/', age: 1 },
      { petId: 12, publicId: 'PUB12', petName: 'Luna', petImage: 'http://x.test/media/p/12.webp', age: 3 },
    ],
  },
  {
    petBreedId: 54,
    petBreedTitle: 'Poodle',
    pets: [{ petId: 13, publicId: 'PUB13', petName: 'Coco', petImage: '', age: 0 }],
  },
];

const card: RenderPetCard = (pet, { breed }) => (
  <PetCard
    key={pet.petId}
    name={pet.petName}
    image={pet.petImage}
    age={pet.age}
    to={petCardLink('lost', pet)}
    breed={breed}
    lastSeen={{ date: pet.lostDate, place: pet.lostAddress }}
  />
);

describe('BreedSections', () => {
  it('renders a section per breed with its heading and its pets', () => {
    renderWithProviders(<BreedSections groups={groups} renderCard={card} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Beagle', 'Poodle']);
    const beagle = screen.getByRole('region', { name: 'Beagle' });
    expect(within(beagle).getAllByRole('link')).toHaveLength(2);
    expect(within(beagle).getByRole('heading', { level: 3, name: 'Max' })).toBeInTheDocument();
    expect(within(beagle).getByText('1 year')).toBeInTheDocument();
    expect(within(beagle).getByText('3 years')).toBeInTheDocument();
    const poodle = screen.getByRole('region', { name: 'Poodle' });
    expect(within(poodle).getByRole('link')).toHaveAttribute(
      'href',
      '/Pets/Details?petProfileId=13&publicId=PUB13&isFrom=Lost',
    );
  });
});

// Near me, the server orders groups by their nearest pet: a later group can hold a nearer pet than
// the earlier group's second (1,070 mi, 1,365 mi, then 1,149 mi).
const near: PetGroup[] = [
  {
    petBreedId: 10,
    petBreedTitle: 'Beagle',
    pets: [
      {
        petId: 11,
        publicId: 'PUB11',
        petName: 'Max',
        petImage: '',
        age: 1,
        distanceKm: 1722,
        lostDate: '2026-03-05',
        lostAddress: 'Hyde Park, London',
      },
      {
        petId: 12,
        publicId: 'PUB12',
        petName: 'Luna',
        petImage: '',
        age: 3,
        distanceKm: 2197,
        lostDate: null,
        lostAddress: '',
      },
    ],
  },
  {
    petBreedId: 54,
    petBreedTitle: 'Poodle',
    pets: [{ petId: 13, publicId: 'PUB13', petName: 'Coco', petImage: '', age: 0, distanceKm: 1849 }],
  },
  {
    petBreedId: 3,
    petBreedTitle: 'Akita',
    pets: [{ petId: 14, publicId: 'PUB14', petName: 'Kuma', petImage: '', age: 2, distanceKm: null }],
  },
];

describe('NearestList', () => {
  it('orders the page nearest first across breeds, pets without a place last', () => {
    expect(nearestFirst(near).map(({ pet, breed }) => `${pet.petName} ${breed}`)).toEqual([
      'Max Beagle',
      'Coco Poodle',
      'Luna Beagle',
      'Kuma Akita',
    ]);
  });

  it('draws one list without breed headings; each card names its breed and its last-seen date and place', () => {
    renderWithProviders(<NearestList groups={near} label="Lost Pets" renderCard={card} />);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    const items = within(screen.getByRole('list', { name: 'Lost Pets' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Max', 'Coco', 'Luna', 'Kuma']);
    expect(items[0]).toHaveTextContent('Beagle · 1 year');
    expect(items[0]).toHaveTextContent('Last seen March 5, 2026');
    // the owner's words isolated in their own direction (FSI…PDI), so "Near" keeps the page's side in Arabic
    expect(items[0]).toHaveTextContent('Near \u2068Hyde Park, London\u2069');
    // nothing recorded: no empty lines
    expect(within(items[2]).queryByTestId('last-seen-date')).toBeNull();
    expect(within(items[2]).queryByTestId('last-seen-place')).toBeNull();
  });

  it("names each card's breed by its data title in the visitor's language, as the headings do", () => {
    renderWithProviders(<NearestList groups={near} label="Lost Pets" renderCard={card} />, {
      resources: { data: { breed: { '54': 'Caniche' } } },
    });
    const items = within(screen.getByRole('list', { name: 'Lost Pets' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Caniche · Under 1 year');
  });
});

describe('petCardLink', () => {
  it('follows SPEC.md for adoption and lost cards', () => {
    expect(petCardLink('adoption', { petId: 5, publicId: 'ABC' })).toBe('/Pets/Details?petProfileId=5&isFrom=Adoption');
    expect(petCardLink('lost', { petId: 5, publicId: 'ABC' })).toBe(
      '/Pets/Details?petProfileId=5&publicId=ABC&isFrom=Lost',
    );
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
