import { petImage } from '#server/db/seed/demo-pets';
import { ownerById } from '#server/db/seed/people';
import { addressIn, citiesOf, pointNear } from '#server/db/seed/places';
import { addBasicHistory } from '#server/db/seed/records';
import { PET_TYPE, breed, type PetTypeSlug } from '#server/db/seed/reference';
import { addDays, at, type Random } from '#server/db/seed/random';
import { nextId, type PetRow, type SeedContext } from '#server/db/seed/types';

export const PET_NAMES = [
  'Max',
  'Bella',
  'Charlie',
  'Daisy',
  'Milo',
  'Coco',
  'Rocky',
  'Nala',
  'Teddy',
  'Lola',
  'Oscar',
  'Ruby',
  'Leo',
  'Maya',
  'Simba',
  'Kira',
  'Bruno',
  'Lucy',
  'Toby',
  'Zoe',
  'Jasper',
  'Pepper',
  'Ollie',
  'Willow',
  'Hugo',
  'Cleo',
  'Buddy',
  'Rosie',
  'Pablo',
  'Mia',
  'Thor',
  'Nina',
  'Ziggy',
  'Olive',
  'Felix',
  'Sasha',
  'Chico',
  'Canela',
  'Tango',
  'Lima',
  'Pistache',
  'Noisette',
  'Bamboo',
  'Kiwi',
  'Mango',
  'Peanut',
  'Biscotti',
  'Pixel',
  'Sunny',
  'Blue',
  'Rio',
  'Paco',
  'Sky',
  'Pip',
  'Clover',
  'Hazel',
  'Thumper',
  'Snowball',
  'Cinnamon',
  'Nibbles',
  'Hazelnut',
  'Gizmo',
  'Oreo',
  'Marble',
  'Smokey',
  'Shadow',
  'Tiger',
  'Ginger',
  'Misty',
  'Luna',
  'Salem',
  'Chispa',
  'Frida',
  'Lupe',
  'Flocke',
  'Krümel',
  'Sultan',
  'Zafira',
  'Amira',
  'Habibi',
  'Yuki',
  'Tofu',
  'Wasabi',
  'Muffin',
  'Noodle',
  'Juniper',
  'Maple',
  'Bean',
  'Sushi',
];

const ADOPTION_BREEDS: Record<PetTypeSlug, { count: number; breeds: string[] }> = {
  dog: {
    count: 24,
    breeds: [
      'Labrador Retriever',
      'German Shepherd',
      'Podenco',
      'Staffordshire Bull Terrier',
      'Chihuahua',
      'Border Collie',
      'Greyhound',
    ],
  },
  cat: { count: 18, breeds: ['Domestic Shorthair', 'Domestic Longhair', 'Siamese', 'Maine Coon', 'British Shorthair'] },
  bird: { count: 10, breeds: ['Budgerigar', 'Cockatiel', 'Lovebird', 'Canary'] },
  rabbit: { count: 10, breeds: ['Netherland Dwarf', 'Holland Lop', 'Lionhead', 'Mini Rex'] },
  hamster: { count: 8, breeds: ['Syrian', 'Roborovski Dwarf', 'Winter White Dwarf'] },
};

const LOST_BREEDS: Record<PetTypeSlug, { count: number; breeds: string[] }> = {
  dog: {
    count: 14,
    breeds: ['Beagle', 'Jack Russell Terrier', 'French Bulldog', 'Golden Retriever', 'Dachshund', 'Siberian Husky'],
  },
  cat: { count: 10, breeds: ['Domestic Shorthair', 'Bengal', 'Persian', 'Ragdoll'] },
  bird: { count: 6, breeds: ['Cockatiel', 'African Grey Parrot', 'Budgerigar'] },
  rabbit: { count: 5, breeds: ['Holland Lop', 'Dutch', 'Mini Lop'] },
  hamster: { count: 5, breeds: ['Syrian', "Campbell's Dwarf"] },
};

/** Maximum age in days per type, so a hamster is never ten years old. */
const MAX_AGE_DAYS: Record<PetTypeSlug, number> = { dog: 4400, cat: 5000, bird: 3600, rabbit: 2900, hamster: 800 };

const COLOURS: Record<PetTypeSlug, string[]> = {
  dog: ['Black', 'Brown', 'Cream', 'Brindle', 'Black and tan', 'White', 'Golden', '#8B5A2B', '#D2B48C', 'Red merle'],
  cat: ['Black', 'Tabby', 'Ginger', 'Calico', 'Tortoiseshell', 'White', 'Grey', '#A9A9A9', '#F4E1C1', 'Seal point'],
  bird: ['Green', 'Blue', 'Yellow', 'Grey', 'Lutino', '#7FBF3F', 'Pied'],
  rabbit: ['White', 'Agouti', 'Black', 'Broken orange', 'Chocolate', '#C8A27A'],
  hamster: ['Golden', 'Cream', 'Agouti', 'Sapphire', 'Pearl', '#D9A066'],
};

const ADOPTION_STORIES = [
  'was surrendered when the family moved abroad and is waiting for a calm new home.',
  'was found wandering near a market and is now healthy, vaccinated and ready to go.',
  'loves people, enjoys a routine and would suit a first-time adopter.',
  'is shy at first but becomes a cuddly companion within days.',
  'gets along with children and other pets and has lived in a foster home.',
  'is playful and curious and needs an adopter with a bit of time for games.',
];

const LOST_NOTES = [
  'Slipped out of the garden gate in the evening. Very friendly.',
  'Escaped during fireworks; may be hiding. Please do not chase.',
  'Has a microchip and a blue collar with our phone number.',
  'Last seen near the park. Responds to the sound of a treat bag.',
  'Flew out of an open window. Will come to a whistle.',
  'Needs daily medication: please call us as soon as possible.',
  '',
];

const REWARD: Record<string, string[]> = {
  PT: ['100 EUR', '250 EUR', ''],
  ES: ['150 EUR', '300 EUR', ''],
  GB: ['100 GBP', '500 GBP', ''],
  FR: ['100 EUR', ''],
  DE: ['200 EUR', ''],
  AE: ['1000 AED', '500 AED', ''],
  MX: ['2000 MXN', ''],
  US: ['200 USD', '500 USD', ''],
};

/** Country of each owner account (by id) that can own a lost pet. */
const OWNER_COUNTRY: Record<number, string> = {
  3: 'PT',
  4: 'GB',
  5: 'ES',
  6: 'AE',
  7: 'FR',
  8: 'DE',
  9: 'MX',
  10: 'US',
  11: 'PT',
  12: 'DE',
};

function basePet(ctx: SeedContext, random: Random, slug: PetTypeSlug, breeds: string[], index: number): PetRow {
  const breedTitle = index < breeds.length ? breeds[index] : random.pick(breeds);
  const withChip = (slug === 'dog' || slug === 'cat') && random.chance(0.7);
  return {
    id: nextId(ctx.rows.pets),
    publicId: ctx.publicIds.next(),
    name: random.pick(PET_NAMES),
    petTypeId: PET_TYPE[slug],
    petBreedId: breed(slug, breedTitle).id,
    dob: addDays(ctx.today, -random.int(70, MAX_AGE_DAYS[slug])),
    genderId: random.int(1, 2),
    color: random.pick(COLOURS[slug]),
    microChipId: withChip ? `${random.pick(['985', '250', '620', '724', '826'])}${random.digits(12)}` : null,
    isSterilized: random.pick([true, true, false, null]),
    bloodType: null,
    imagePath: petImage(slug, random.int(1, 8)),
    createdAt: at(addDays(ctx.today, -random.int(1, 200)), random.int(8, 20), random.int(0, 59)),
  };
}

/** Pets for adoption, each in a shelter, spread over every type and several breeds. */
export function buildAdoptionPets(ctx: SeedContext): void {
  const random = ctx.random('adoption');
  for (const slug of Object.keys(ADOPTION_BREEDS) as PetTypeSlug[]) {
    const { count, breeds } = ADOPTION_BREEDS[slug];
    for (let i = 0; i < count; i++) {
      const shelter = random.pick(ctx.rows.shelters);
      const pet = basePet(ctx, random, slug, breeds, i);
      pet.shelterId = shelter.id;
      pet.isForAdoption = true;
      pet.description = `${pet.name} ${random.pick(ADOPTION_STORIES)} Ask ${shelter.name} for a visit.`;
      pet.ownerContactPhone = shelter.phoneNumber;
      pet.ownerContactEmail = shelter.email;
      ctx.rows.pets.push(pet);
      addBasicHistory(ctx, pet, random);
    }
  }
}

/** Lost pets of the owner accounts, each with lost details and coordinates in a real city. */
export function buildLostPets(ctx: SeedContext): void {
  const random = ctx.random('lost');
  const ownerIds = Object.keys(OWNER_COUNTRY).map(Number);
  for (const slug of Object.keys(LOST_BREEDS) as PetTypeSlug[]) {
    const { count, breeds } = LOST_BREEDS[slug];
    for (let i = 0; i < count; i++) {
      const owner = ownerById(ctx, random.pick(ownerIds));
      const country = OWNER_COUNTRY[owner.id];
      const city = random.pick(citiesOf(country));
      const pet = basePet(ctx, random, slug, breeds, i);
      pet.ownerId = owner.id;
      pet.isLost = true;
      pet.description = `${pet.name} is a much-loved family pet from ${city.name}.`;
      pet.ownerContactPhone = owner.phone;
      pet.ownerContactEmail = owner.email;
      ctx.rows.pets.push(pet);
      ctx.rows.lostDetails.push({
        petProfileId: pet.id,
        lostDate: addDays(ctx.today, -random.int(0, 45)),
        contactPhoneNumber: owner.phone ?? '',
        address: `${addressIn(city, random)}, ${city.name}`,
        reward: random.pick(REWARD[country]) || null,
        notes: random.pick(LOST_NOTES) || null,
        ...pointNear(city, random, 2),
      });
      if (random.chance(0.6)) addBasicHistory(ctx, pet, random);
    }
  }
}
