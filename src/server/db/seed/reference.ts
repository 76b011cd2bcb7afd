/** Reference data with fixed ids that the API, the client and the tests rely on. */
import { isUnknownBreed, unknownBreedId, type ProviderKind } from '#shared/constants';

export const PET_TYPE = { dog: 1, cat: 2, bird: 3, rabbit: 4, hamster: 5 } as const;
export type PetTypeSlug = keyof typeof PET_TYPE;
export const PET_TYPE_SLUGS = Object.keys(PET_TYPE) as PetTypeSlug[];

export const PET_TYPES = [
  { id: PET_TYPE.dog, title: 'Dog', image: 'pet-types/dog.png' },
  { id: PET_TYPE.cat, title: 'Cat', image: 'pet-types/cat.png' },
  { id: PET_TYPE.bird, title: 'Bird', image: 'pet-types/bird.png' },
  { id: PET_TYPE.rabbit, title: 'Rabbit', image: 'pet-types/rabbit.png' },
  { id: PET_TYPE.hamster, title: 'Hamster', image: 'pet-types/hamster.png' },
];

/** Breed names per pet type; ids are given in type order, then alphabetical order. */
const BREED_NAMES: Record<PetTypeSlug, string[]> = {
  dog: [
    'Afghan Hound',
    'Airedale Terrier',
    'Akita',
    'Alaskan Malamute',
    'American Staffordshire Terrier',
    'Australian Cattle Dog',
    'Australian Shepherd',
    'Basenji',
    'Basset Hound',
    'Beagle',
    'Belgian Malinois',
    'Bernese Mountain Dog',
    'Bichon Frise',
    'Border Collie',
    'Border Terrier',
    'Boston Terrier',
    'Boxer',
    'Brittany',
    'Bull Terrier',
    'Bulldog',
    'Bullmastiff',
    'Cairn Terrier',
    'Cane Corso',
    'Cavalier King Charles Spaniel',
    'Chihuahua',
    'Chow Chow',
    'Cocker Spaniel',
    'Dachshund',
    'Dalmatian',
    'Doberman Pinscher',
    'English Springer Spaniel',
    'French Bulldog',
    'German Shepherd',
    'German Shorthaired Pointer',
    'Golden Retriever',
    'Great Dane',
    'Great Pyrenees',
    'Greyhound',
    'Havanese',
    'Irish Setter',
    'Italian Greyhound',
    'Jack Russell Terrier',
    'Labrador Retriever',
    'Lhasa Apso',
    'Maltese',
    'Miniature Pinscher',
    'Miniature Schnauzer',
    'Newfoundland',
    'Papillon',
    'Pekingese',
    'Pembroke Welsh Corgi',
    'Podenco',
    'Pomeranian',
    'Poodle',
    'Portuguese Water Dog',
    'Pug',
    'Rhodesian Ridgeback',
    'Rottweiler',
    'Saint Bernard',
    'Saluki',
    'Samoyed',
    'Shetland Sheepdog',
    'Shiba Inu',
    'Shih Tzu',
    'Siberian Husky',
    'Staffordshire Bull Terrier',
    'Vizsla',
    'Weimaraner',
    'West Highland White Terrier',
    'Whippet',
    'Xoloitzcuintli',
    'Yorkshire Terrier',
  ],
  cat: [
    'Abyssinian',
    'American Shorthair',
    'Balinese',
    'Bengal',
    'Birman',
    'Bombay',
    'British Longhair',
    'British Shorthair',
    'Burmese',
    'Chartreux',
    'Cornish Rex',
    'Devon Rex',
    'Domestic Longhair',
    'Domestic Shorthair',
    'Egyptian Mau',
    'Exotic Shorthair',
    'Havana Brown',
    'Himalayan',
    'Japanese Bobtail',
    'Korat',
    'LaPerm',
    'Maine Coon',
    'Manx',
    'Norwegian Forest Cat',
    'Ocicat',
    'Oriental Shorthair',
    'Persian',
    'Ragdoll',
    'Russian Blue',
    'Savannah',
    'Scottish Fold',
    'Selkirk Rex',
    'Siamese',
    'Siberian',
    'Singapura',
    'Somali',
    'Sphynx',
    'Tonkinese',
    'Turkish Angora',
    'Turkish Van',
  ],
  bird: [
    'African Grey Parrot',
    'Amazon Parrot',
    'Budgerigar',
    'Caique',
    'Canary',
    'Cockatiel',
    'Cockatoo',
    'Conure',
    'Diamond Dove',
    'Eclectus Parrot',
    'Gouldian Finch',
    'Lovebird',
    'Macaw',
    'Parrotlet',
    'Pionus Parrot',
    'Quaker Parrot',
    'Ring-necked Parakeet',
    'Zebra Finch',
  ],
  rabbit: [
    'American Fuzzy Lop',
    'Dutch',
    'English Angora',
    'English Lop',
    'Flemish Giant',
    'French Lop',
    'Harlequin',
    'Himalayan',
    'Holland Lop',
    'Lionhead',
    'Mini Lop',
    'Mini Rex',
    'Netherland Dwarf',
    'New Zealand',
    'Polish',
    'Rex',
  ],
  hamster: ["Campbell's Dwarf", 'Chinese', 'Long-haired Syrian', 'Roborovski Dwarf', 'Syrian', 'Winter White Dwarf'],
};

export interface BreedRow {
  id: number;
  petTypeId: number;
  title: string;
}

export const PET_BREEDS: BreedRow[] = (() => {
  const rows: BreedRow[] = [];
  for (const slug of PET_TYPE_SLUGS) {
    for (const title of [...BREED_NAMES[slug]].sort((a, b) => a.localeCompare(b, 'en'))) {
      rows.push({ id: rows.length + 1, petTypeId: PET_TYPE[slug], title });
    }
  }
  // each type's "Unknown", under its fixed id (migration 0046 adds them to databases seeded before)
  for (const slug of PET_TYPE_SLUGS)
    rows.push({ id: unknownBreedId(PET_TYPE[slug]), petTypeId: PET_TYPE[slug], title: 'Unknown' });
  return rows;
})();

/** The breed row of a type by title; throws when the list lacks it (a typo in the seed). */
export function breed(slug: PetTypeSlug, title: string): BreedRow {
  const row = PET_BREEDS.find((b) => b.petTypeId === PET_TYPE[slug] && b.title === title);
  if (!row) throw new Error(`unknown ${slug} breed "${title}"`);
  return row;
}

/** The named breeds of a type (not its "Unknown"). */
export function breedsOf(slug: PetTypeSlug): BreedRow[] {
  return PET_BREEDS.filter((b) => b.petTypeId === PET_TYPE[slug] && !isUnknownBreed(b.id));
}

export const UNIT = { kg: 1, lb: 2, km: 3, min: 4, bpm: 5, celsius: 6, mg: 7, ml: 8 } as const;

export const UNITS_OF_MEASURE = [
  { id: UNIT.kg, title: 'kg' },
  { id: UNIT.lb, title: 'lb' },
  { id: UNIT.km, title: 'km' },
  { id: UNIT.min, title: 'min' },
  { id: UNIT.bpm, title: 'bpm' },
  { id: UNIT.celsius, title: '°C' },
  { id: UNIT.mg, title: 'mg' },
  { id: UNIT.ml, title: 'ml' },
];

/** Category 1 ("About") is a pseudo-category added by the API; it is not stored. */
export const WELLNESS_CATEGORIES = [
  { id: 2, title: 'Activity' },
  { id: 3, title: 'Medical Care' },
  { id: 4, title: 'Heart & Vitals' },
  { id: 5, title: 'Grooming & Hygiene' },
];

export const CATEGORY_TYPE = {
  weight: 1,
  dailyWalk: 2,
  playTime: 3,
  heartRate: 4,
  temperature: 5,
  bath: 6,
  grooming: 7,
  teethCleaning: 8,
  vaccination: 9,
  antiparasitic: 10,
  medication: 11,
  consultation: 17,
  picture: 18,
} as const;

export const WELLNESS_CATEGORY_TYPES = [
  { id: CATEGORY_TYPE.weight, categoryId: 2, title: 'Weight' },
  { id: CATEGORY_TYPE.dailyWalk, categoryId: 2, title: 'Daily Walk' },
  { id: CATEGORY_TYPE.playTime, categoryId: 2, title: 'Play Time' },
  { id: CATEGORY_TYPE.heartRate, categoryId: 4, title: 'Heart Rate' },
  { id: CATEGORY_TYPE.temperature, categoryId: 4, title: 'Temperature' },
  { id: CATEGORY_TYPE.bath, categoryId: 5, title: 'Bath' },
  { id: CATEGORY_TYPE.grooming, categoryId: 5, title: 'Grooming' },
  { id: CATEGORY_TYPE.teethCleaning, categoryId: 5, title: 'Teeth Cleaning' },
  { id: CATEGORY_TYPE.vaccination, categoryId: 3, title: 'Vaccination' },
  { id: CATEGORY_TYPE.antiparasitic, categoryId: 3, title: 'Antiparasitic' },
  { id: CATEGORY_TYPE.medication, categoryId: 3, title: 'Medication' },
  { id: CATEGORY_TYPE.consultation, categoryId: 3, title: 'Consultation' },
  { id: CATEGORY_TYPE.picture, categoryId: 3, title: 'Picture' },
];

/** The units each record type is measured in: the unit list the Edit Visit modal offers for it. */
export const WELLNESS_CATEGORY_TYPE_UNITS = [
  { categoryTypeId: CATEGORY_TYPE.weight, unitId: UNIT.kg },
  { categoryTypeId: CATEGORY_TYPE.weight, unitId: UNIT.lb },
  { categoryTypeId: CATEGORY_TYPE.dailyWalk, unitId: UNIT.km },
  { categoryTypeId: CATEGORY_TYPE.dailyWalk, unitId: UNIT.min },
  { categoryTypeId: CATEGORY_TYPE.playTime, unitId: UNIT.min },
  { categoryTypeId: CATEGORY_TYPE.heartRate, unitId: UNIT.bpm },
  { categoryTypeId: CATEGORY_TYPE.temperature, unitId: UNIT.celsius },
  { categoryTypeId: CATEGORY_TYPE.medication, unitId: UNIT.mg },
  { categoryTypeId: CATEGORY_TYPE.medication, unitId: UNIT.ml },
];

export const SKILL_SLUGS = [
  'sit',
  'stay',
  'fetch',
  'roll-over',
  'shake-paw',
  'heel',
  'come-when-called',
  'leash-walking',
  'high-five',
  'play-dead',
] as const;
export type SkillSlug = (typeof SKILL_SLUGS)[number];

const SKILL_TITLES: Record<SkillSlug, string> = {
  sit: 'Sit',
  stay: 'Stay',
  fetch: 'Fetch',
  'roll-over': 'Roll Over',
  'shake-paw': 'Shake Paw',
  heel: 'Heel',
  'come-when-called': 'Come When Called',
  'leash-walking': 'Leash Walking',
  'high-five': 'High Five',
  'play-dead': 'Play Dead',
};

export const SKILLS = SKILL_SLUGS.map((slug, i) => ({
  id: i + 1,
  title: SKILL_TITLES[slug],
  image: `skills/${slug}.png`,
}));

/**
 * The specialities providers are listed with (data titles: locales/<lang>/data.json "speciality", keyed by the English
 * text).
 */
export const PROVIDER_SPECIALITIES: Record<ProviderKind, string[]> = {
  sitter: [
    'Overnight home sitting',
    'Cat sitting',
    'Puppy care',
    'Senior pet care',
    'Drop-in visits',
    'Birds and small pets',
    'Medication administration',
    'Multi-pet households',
  ],
  trainer: [
    'Puppy obedience',
    'Reactive dogs',
    'Agility',
    'Leash manners',
    'Trick training',
    'Separation anxiety',
    'Recall training',
    'Scent work',
  ],
  walker: [
    'Group walks',
    'Solo walks',
    'Puppy potty breaks',
    'Trail adventures',
    'Senior dog strolls',
    'Running partner',
    'Park play sessions',
  ],
  groomer: [
    'Breed-standard cuts',
    'Cat grooming',
    'Hand stripping',
    'Nail and paw care',
    'De-shedding treatments',
    'Fear-free grooming',
    'Mobile grooming van',
  ],
  vet: [
    'General practice',
    'Feline medicine',
    'Exotic animals',
    'Dentistry',
    'Orthopaedic surgery',
    'Dermatology',
    'Emergency & critical care',
    'Cardiology',
    'Internal medicine',
  ],
};
