import { countryId } from '#server/db/seed/countries';
import { addressIn, cityNamed, phoneIn, pointNear } from '#server/db/seed/places';
import type { SeedContext } from '#server/db/seed/types';

export const SHELTER_IMAGE_COUNT = 8;

const SHELTERS: { name: string; city: string; focus: string; domain: string }[] = [
  {
    name: 'Lisbon Paws Rescue',
    city: 'Lisbon',
    focus: 'dogs and cats found in the streets of Lisbon',
    domain: 'lisbonpaws',
  },
  {
    name: 'Porto Animal Refuge',
    city: 'Porto',
    focus: 'abandoned dogs, cats and rabbits from northern Portugal',
    domain: 'portoanimalrefuge',
  },
  {
    name: 'Algarve Second Chance Shelter',
    city: 'Faro',
    focus: 'senior dogs and cats that need a quiet home',
    domain: 'algarvesecondchance',
  },
  {
    name: 'Refugio Huellas de Madrid',
    city: 'Madrid',
    focus: 'dogs and cats rescued from the Madrid region',
    domain: 'huellasmadrid',
  },
  {
    name: 'Barcelona Cat & Dog Rescue',
    city: 'Barcelona',
    focus: 'street cats and abandoned dogs of Barcelona',
    domain: 'bcnrescue',
  },
  {
    name: 'Protectora Patitas Valencia',
    city: 'Valencia',
    focus: 'podencos, galgos and small pets from Valencia',
    domain: 'patitasvalencia',
  },
  {
    name: 'London Tails Rescue Centre',
    city: 'London',
    focus: 'dogs, cats and small animals across Greater London',
    domain: 'londontails',
  },
  {
    name: 'Northern Paws Rescue',
    city: 'Manchester',
    focus: 'dogs and rabbits from the North West',
    domain: 'northernpaws',
  },
  {
    name: 'Edinburgh Animal Sanctuary',
    city: 'Edinburgh',
    focus: 'cats, rabbits and birds in need of care',
    domain: 'edinburghsanctuary',
  },
  {
    name: 'Brooklyn Hope Animal Shelter',
    city: 'New York',
    focus: 'dogs and cats from the five boroughs',
    domain: 'brooklynhope',
  },
  {
    name: 'Golden State Paws Rescue',
    city: 'Los Angeles',
    focus: 'dogs, cats and parrots of Southern California',
    domain: 'goldenstatepaws',
  },
  {
    name: 'Lone Star Pet Haven',
    city: 'Austin',
    focus: 'dogs, cats and pocket pets of Central Texas',
    domain: 'lonestarpethaven',
  },
  {
    name: 'Tierhilfe Spree',
    city: 'Berlin',
    focus: 'dogs, cats and rabbits from Berlin and Brandenburg',
    domain: 'tierhilfe-spree',
  },
  {
    name: 'Tierheim Isartal',
    city: 'Munich',
    focus: 'animals from Munich and Upper Bavaria',
    domain: 'tierheim-isartal',
  },
  {
    name: 'Hamburger Pfotenhilfe',
    city: 'Hamburg',
    focus: 'cats, dogs and small pets of Hamburg',
    domain: 'pfotenhilfe-hh',
  },
  {
    name: 'Refuge des Quatre Pattes',
    city: 'Paris',
    focus: 'dogs and cats of Paris and the Île-de-France',
    domain: 'quatrepattes',
  },
  { name: 'SOS Chats Lyon', city: 'Lyon', focus: 'cats and kittens of the Lyon area', domain: 'soschatslyon' },
  {
    name: 'Refuge du Vieux-Port',
    city: 'Marseille',
    focus: 'dogs and cats of Marseille and Provence',
    domain: 'refugevieuxport',
  },
  {
    name: 'Dubai Desert Paws Rescue',
    city: 'Dubai',
    focus: 'desert dogs and street cats of Dubai',
    domain: 'desertpaws',
  },
  {
    name: 'Abu Dhabi Animal Haven',
    city: 'Abu Dhabi',
    focus: 'cats, dogs and birds surrendered in Abu Dhabi',
    domain: 'adanimalhaven',
  },
  { name: 'Sharjah Feline Friends', city: 'Sharjah', focus: 'street cats of Sharjah', domain: 'sharjahfeline' },
  {
    name: 'Rescate Patitas CDMX',
    city: 'Mexico City',
    focus: 'dogs and cats rescued in Mexico City',
    domain: 'patitascdmx',
  },
  {
    name: 'Refugio Huellitas Guadalajara',
    city: 'Guadalajara',
    focus: 'dogs, cats and rabbits of Jalisco',
    domain: 'huellitasgdl',
  },
  {
    name: 'Albergue Amigos Fieles',
    city: 'Monterrey',
    focus: 'senior and disabled dogs of Nuevo León',
    domain: 'amigosfieles',
  },
];

const HOW_TO_ADOPT = [
  'Visits are by appointment; every adopter meets the animal at least twice before taking it home.',
  'All animals are vaccinated, microchipped and neutered before adoption.',
  'Foster families are always welcome, and donations of food and blankets help every week.',
  'Our volunteers match each animal with a family that suits its character.',
];

/** Shelters and rescues for /AnimalHouse; their pets are the ones for adoption. */
export function buildShelters(ctx: SeedContext): void {
  const random = ctx.random('shelters');
  SHELTERS.forEach((s, i) => {
    const city = cityNamed(s.city);
    const { latitude, longitude } = pointNear(city, random, 5);
    ctx.rows.shelters.push({
      id: i + 1,
      name: s.name,
      image: `shelters/shelter-${(i % SHELTER_IMAGE_COUNT) + 1}.webp`,
      description: `${s.name} is a non-profit rescue caring for ${s.focus}. ${random.pick(HOW_TO_ADOPT)}`,
      address: addressIn(city, random),
      city: city.name,
      countryId: countryId(city.country),
      phoneNumber: phoneIn(city, random),
      email: `adopt@${s.domain}.example.org`,
      websiteUrl: random.chance(0.5) ? `https://www.${s.domain}.example.org` : `${s.domain}.example.org`,
      latitude,
      longitude,
    });
  });
}
