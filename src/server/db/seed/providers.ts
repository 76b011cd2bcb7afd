import { PROVIDER_KINDS, type ProviderKind } from '#shared/constants';
import { countryId } from '#server/db/seed/countries';
import { PROVIDER_SPECIALITIES } from '#server/db/seed/reference';
import {
  PROVIDER_COUNTRIES,
  addressIn,
  citiesOf,
  personIn,
  phoneIn,
  pointNear,
  type City,
} from '#server/db/seed/places';
import type { Random } from '#server/db/seed/random';
import { nextId, type SeedContext } from '#server/db/seed/types';

const PROVIDERS_PER_KIND = 44;
export const PROVIDER_IMAGES_PER_KIND = 4;

const BRANDS = [
  'Happy Tails',
  'Cozy Paws',
  'Pawsome',
  'Furry Friends',
  'Golden Leash',
  'Wagging Tails',
  'Whisker Wonders',
  'Paws & Claws',
  'Bark Avenue',
  'The Good Dog',
  'Little Paws',
  'Pet Haven',
  'Wild Whiskers',
  'Muddy Paws',
  'Urban Tails',
  'Sunny Paws',
  'Four Paws',
  'Tail Trails',
  'Fetch & Go',
  'Snug Pup',
  'Blue Collar',
  'Merry Mutts',
];

const NAME_PATTERNS: Record<
  ProviderKind,
  ((p: { first: string; last: string; brand: string; city: string }) => string)[]
> = {
  sitter: [
    (p) => `${p.first}'s Pet Sitting`,
    (p) => `${p.brand} Pet Sitting`,
    (p) => `${p.brand} Home Pet Care`,
    (p) => `${p.first} ${p.last}`,
  ],
  trainer: [
    (p) => `${p.first} ${p.last} Dog Training`,
    (p) => `${p.brand} Dog Academy`,
    (p) => `${p.brand} Training Co.`,
    (p) => `${p.city} Canine School`,
  ],
  walker: [
    (p) => `${p.first}'s Dog Walks`,
    (p) => `${p.brand} Walkers`,
    (p) => `${p.brand} Pack Walks`,
    (p) => `${p.first} ${p.last}`,
  ],
  groomer: [
    (p) => `${p.brand} Grooming Salon`,
    (p) => `${p.brand} Pet Spa`,
    (p) => `${p.first}'s Grooming Studio`,
    (p) => `${p.city} Dog Parlour`,
  ],
  vet: [
    (p) => `${p.brand} Veterinary Clinic`,
    (p) => `${p.city} Animal Hospital`,
    (p) => `Dr. ${p.first} ${p.last}, Veterinarian`,
    (p) => `${p.brand} Vet Care`,
  ],
};

const KIND_SENTENCES: Record<ProviderKind, string[]> = {
  sitter: [
    'Your pets stay in their own home and keep their routine while you are away.',
    'You get photo and video updates after every visit.',
    'Keys are kept safe and every visit is logged with its start and end time.',
  ],
  trainer: [
    'Sessions use positive reinforcement only: no shock, prong or choke collars.',
    'Lessons take place at your home, in the park or in small group classes.',
    'Every programme starts with a free assessment of your dog.',
  ],
  walker: [
    'Walks last 30 or 60 minutes and groups never exceed four dogs.',
    'Every walk is tracked by GPS and you get a photo when your dog is back home.',
    'Pick-up and drop-off at your door, rain or shine.',
  ],
  groomer: [
    'We use gentle, hypoallergenic products and take breaks whenever your pet needs one.',
    'Each visit includes a bath, blow-dry, nail trim and ear cleaning.',
    'Anxious pets are groomed in a quiet room, one at a time.',
  ],
  vet: [
    'The practice offers consultations, vaccinations, diagnostics and surgery under one roof.',
    'Same-day appointments are kept free for urgent cases.',
    'Our team speaks several languages and sends reminders before every booster.',
  ],
};

const CLOSERS = [
  'Fully insured and pet first-aid certified.',
  'Book a free meet-and-greet before the first appointment.',
  'Serving the city and its surrounding neighbourhoods.',
  'Member of the national association of pet professionals.',
];

function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function instagramFor(handle: string, random: Random): string {
  return random.pick([
    `https://www.instagram.com/${handle}`,
    `instagram.com/${handle}`,
    `https://instagram.com/${handle}/`,
    `www.instagram.com/${handle}`,
    '',
  ]);
}

function websiteFor(handle: string, random: Random): string {
  const domain = `${handle.replace(/_/g, '-')}.example.com`;
  return random.pick([`https://www.${domain}`, `www.${domain}`, domain, `http://${domain}`, '']);
}

function makeName(kind: ProviderKind, city: City, random: Random, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const person = personIn(city.country, random);
    const base = random.pick(NAME_PATTERNS[kind])({ ...person, brand: random.pick(BRANDS), city: city.name });
    // after many collisions, tell branches apart by their city
    const name = attempt < 40 ? base : `${base} ${city.name}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** Sitters, trainers, walkers, groomers and vets in real cities of eight countries. */
export function buildProviders(ctx: SeedContext): void {
  for (const kind of PROVIDER_KINDS) {
    const random = ctx.random(`providers-${kind}`);
    const taken = new Set<string>();
    for (let i = 0; i < PROVIDERS_PER_KIND; i++) {
      const country = PROVIDER_COUNTRIES[i % PROVIDER_COUNTRIES.length];
      const city = random.pick(citiesOf(country));
      const name = makeName(kind, city, random, taken);
      const handle = handleOf(name);
      const speciality = random.pick(PROVIDER_SPECIALITIES[kind]);
      const description = [
        `Based in ${city.name}, ${name} focuses on ${speciality.toLowerCase()}.`,
        random.pick(KIND_SENTENCES[kind]),
        ...(random.chance(0.6) ? [random.pick(CLOSERS)] : []),
      ].join(' ');
      ctx.rows.providers.push({
        id: nextId(ctx.rows.providers),
        kind,
        name,
        image: `providers/${kind}-${random.int(1, PROVIDER_IMAGES_PER_KIND)}.webp`,
        speciality,
        address: addressIn(city, random),
        city: city.name,
        countryId: countryId(country),
        description,
        instagramUrl: instagramFor(handle, random),
        websiteUrl: websiteFor(handle, random),
        phoneNumber: phoneIn(city, random),
        ...pointNear(city, random, 3),
      });
    }
  }
}
