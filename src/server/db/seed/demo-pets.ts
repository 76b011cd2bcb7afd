import { DEMO_FRIEND_ID, DEMO_OWNER_ID, ownerById } from '#server/db/seed/people';
import { addRecord, recordImage } from '#server/db/seed/records';
import { CATEGORY_TYPE, PET_TYPE, SKILLS, UNIT, breed, type SkillSlug } from '#server/db/seed/reference';
import { addDays, at } from '#server/db/seed/random';
import type { PetRow, SeedContext } from '#server/db/seed/types';

export const DEMO_PUBLIC_IDS = {
  profile: 'DEMO0001',
  lost: 'DEMO0002',
  privateRecords: 'DEMO0003',
  adoption: 'DEMO0004',
} as const;
/** pet_profiles ids of the fixed demo pets */
export const DEMO_PET_IDS = { profile: 1, lost: 2, privateRecords: 3, adoption: 4 } as const;
/** the shelter of DEMO0004 (Lisbon Paws Rescue) */
const DEMO_SHELTER_ID = 1;

export const PET_IMAGES_PER_TYPE = 8;

export function petImage(slug: string, n: number): string {
  return `pets/${slug}-${String(((n - 1) % PET_IMAGES_PER_TYPE) + 1).padStart(2, '0')}.webp`;
}

function skillIds(slugs: SkillSlug[]): number[] {
  return slugs.map((slug) => {
    const skill = SKILLS.find((s) => s.image === `skills/${slug}.png`);
    if (!skill) throw new Error(`unknown skill ${slug}`);
    return skill.id;
  });
}

/** The four pets with fixed public IDs that the README, the tests and the other screens rely on. */
export function buildDemoPets(ctx: SeedContext): void {
  const owner = ownerById(ctx, DEMO_OWNER_ID);
  const friend = ownerById(ctx, DEMO_FRIEND_ID);
  const created = at(addDays(ctx.today, -380), 12);
  const pets: PetRow[] = [
    {
      id: DEMO_PET_IDS.profile,
      publicId: ctx.publicIds.reserve(DEMO_PUBLIC_IDS.profile),
      ownerId: owner.id,
      name: 'Biscuit',
      petTypeId: PET_TYPE.dog,
      petBreedId: breed('dog', 'Golden Retriever').id,
      dob: '2021-04-18',
      genderId: 1,
      color: '#C8913F',
      microChipId: '985112004567321',
      isSterilized: true,
      bloodType: 'DEA 1.1 Negative',
      description:
        'Biscuit is a gentle, food-motivated Golden Retriever who loves swimming, long walks by the ' +
        'river and greeting every child in the park. He is calm at the vet and knows plenty of tricks.',
      imagePath: petImage('dog', 1),
      ownerContactPhone: owner.phone,
      ownerContactEmail: owner.email,
      createdAt: created,
    },
    {
      id: DEMO_PET_IDS.lost,
      publicId: ctx.publicIds.reserve(DEMO_PUBLIC_IDS.lost),
      ownerId: owner.id,
      name: 'Luna',
      petTypeId: PET_TYPE.dog,
      petBreedId: breed('dog', 'Beagle').id,
      dob: '2022-09-02',
      genderId: 2,
      color: 'Tricolour (black, tan and white)',
      microChipId: '620098100345782',
      isSterilized: true,
      bloodType: 'DEA 1.1 Positive',
      description:
        'Luna is a curious Beagle with a white tip on her tail. She follows her nose everywhere and ' +
        'comes to her name when offered a treat.',
      imagePath: petImage('dog', 2),
      isLost: true,
      ownerContactPhone: '+351 912 345 678',
      ownerContactEmail: owner.email,
      createdAt: created,
    },
    {
      id: DEMO_PET_IDS.privateRecords,
      publicId: ctx.publicIds.reserve(DEMO_PUBLIC_IDS.privateRecords),
      ownerId: friend.id,
      name: 'Mochi',
      petTypeId: PET_TYPE.cat,
      petBreedId: breed('cat', 'Siamese').id,
      dob: '2020-12-11',
      genderId: 2,
      color: '#E8DCC8',
      microChipId: '250268500112233',
      isSterilized: true,
      bloodType: 'A',
      description:
        'Mochi is a talkative Siamese who supervises the household from the top of the bookshelf. Her ' +
        'owner keeps her medical records private.',
      imagePath: petImage('cat', 1),
      isRecordsPrivate: true,
      ownerContactPhone: friend.phone,
      ownerContactEmail: friend.email,
      createdAt: created,
    },
    {
      id: DEMO_PET_IDS.adoption,
      publicId: ctx.publicIds.reserve(DEMO_PUBLIC_IDS.adoption),
      shelterId: DEMO_SHELTER_ID,
      name: 'Rocky',
      petTypeId: PET_TYPE.dog,
      petBreedId: breed('dog', 'Labrador Retriever').id,
      dob: '2023-02-20',
      genderId: 1,
      color: 'Black',
      microChipId: '620098100778899',
      isSterilized: true,
      description:
        'Rocky was found tied to a gate near the river and has been waiting for a family since. He is ' +
        'playful, good with other dogs and learning to walk nicely on a leash.',
      imagePath: petImage('dog', 3),
      isForAdoption: true,
      createdAt: created,
    },
  ];
  const shelter = ctx.rows.shelters.find((s) => s.id === DEMO_SHELTER_ID);
  if (shelter) {
    pets[3].ownerContactPhone = shelter.phoneNumber;
    pets[3].ownerContactEmail = shelter.email;
  }
  ctx.rows.pets.push(...pets);

  for (const skillId of skillIds([
    'sit',
    'stay',
    'fetch',
    'shake-paw',
    'leash-walking',
    'high-five',
    'come-when-called',
  ])) {
    ctx.rows.petSkills.push({ petProfileId: DEMO_PET_IDS.profile, skillId });
  }
  for (const skillId of skillIds(['sit', 'come-when-called'])) {
    ctx.rows.petSkills.push({ petProfileId: DEMO_PET_IDS.lost, skillId });
  }
  for (const skillId of skillIds(['sit', 'fetch'])) {
    ctx.rows.petSkills.push({ petProfileId: DEMO_PET_IDS.adoption, skillId });
  }

  ctx.rows.lostDetails.push({
    petProfileId: DEMO_PET_IDS.lost,
    lostDate: addDays(ctx.today, -3),
    contactPhoneNumber: '+351 912 345 678',
    address: 'Praça da Figueira, 1100-241 Lisboa, Portugal',
    reward: '200 USD',
    notes:
      'Wearing a red collar with a small bell. She is friendly but shy with strangers: please call ' +
      'rather than chase her.',
    latitude: 38.713909,
    longitude: -9.138287,
  });

  buildDemoProfileRecords(ctx);
  buildSmallHistories(ctx);
}

/** DEMO0001: a year of public records across several category types. */
function buildDemoProfileRecords(ctx: SeedContext): void {
  const random = ctx.random('demo0001');
  const pet = DEMO_PET_IDS.profile;
  const day = (offset: number) => addDays(ctx.today, offset);

  for (let month = 11; month >= 0; month--) {
    const kg = 28.2 + (11 - month) * 0.22 + random.jitter(0.25);
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.weight,
      actionDate: day(-month * 30 - 2),
      recordValue: kg.toFixed(1),
      unitId: UNIT.kg,
      notes: month === 0 ? 'Ideal weight according to Dr. Hart' : month === 6 ? 'Weighed after the summer' : '',
    });
  }
  const walkNotes = [
    'Morning walk along the river',
    'Park loop with the neighbours’ dogs',
    'Evening stroll, very hot day',
    'Beach walk',
    'Hill trail, tired but happy',
  ];
  for (let i = 9; i >= 0; i--) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.dailyWalk,
      actionDate: day(-i * 6 - 1),
      recordValue: (2.5 + random.next() * 4).toFixed(1),
      unitId: UNIT.km,
      notes: random.pick(walkNotes),
    });
  }
  for (let i = 5; i >= 0; i--) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.playTime,
      actionDate: day(-i * 9 - 2),
      recordValue: String(random.int(15, 60)),
      unitId: UNIT.min,
      notes: random.pick(['Fetch in the garden', 'Tug of war', 'Puzzle feeder', 'Swimming at the lake']),
    });
  }
  for (let i = 4; i >= 0; i--) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.heartRate,
      actionDate: day(-i * 45 - 5),
      recordValue: String(random.int(72, 104)),
      unitId: UNIT.bpm,
      notes: random.pick(['Resting, after a nap', 'Measured at the clinic', 'After a short walk']),
    });
  }
  for (let i = 2; i >= 0; i--) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.temperature,
      actionDate: day(-i * 110 - 5),
      recordValue: (38.3 + random.next() * 0.7).toFixed(1),
      unitId: UNIT.celsius,
      notes: 'Normal',
    });
  }
  const grooming: [number, string, string, string | null][] = [
    [CATEGORY_TYPE.bath, 'Oatmeal shampoo', 'After rolling in the mud', null],
    [CATEGORY_TYPE.bath, 'Hypoallergenic shampoo', '', null],
    [CATEGORY_TYPE.bath, 'Quick rinse', 'Sea water after the beach', null],
    [CATEGORY_TYPE.grooming, 'Full brush-out', 'Heavy shedding season', recordImage(1)],
    [CATEGORY_TYPE.grooming, 'Nail trim', 'Trimmed at the groomer', null],
    [CATEGORY_TYPE.grooming, 'Ear cleaning', '', null],
    [CATEGORY_TYPE.teethCleaning, 'Enzymatic toothpaste', 'Brushing twice a week', null],
    [CATEGORY_TYPE.teethCleaning, 'Dental chew', '', null],
  ];
  grooming.forEach(([type, value, notes, image], i) => {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: type,
      actionDate: day(-(i + 1) * 37),
      recordValue: value,
      notes,
      imagePath: image,
    });
  });
  const vaccines: [string, number, number][] = [
    ['Rabies', -330, 35],
    ['DHPP', -200, 165],
    ['Bordetella', -170, 12],
    ['Leptospirosis', -100, 265],
  ];
  for (const [value, given, next] of vaccines) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.vaccination,
      actionDate: day(given),
      recordValue: value,
      notes: 'No reaction',
      nextReminderDate: day(next),
    });
  }
  for (const [value, given, next] of [
    ['Heartworm Prevention', -65, 25],
    ['Internal Deworming', -40, 50],
    ['Flea Treatment', -12, 18],
  ] as const) {
    addRecord(ctx, {
      petProfileId: pet,
      categoryTypeId: CATEGORY_TYPE.antiparasitic,
      actionDate: day(given),
      recordValue: value,
      notes: '',
      nextReminderDate: day(next),
    });
  }
  addRecord(ctx, {
    petProfileId: pet,
    categoryTypeId: CATEGORY_TYPE.medication,
    actionDate: day(-140),
    recordValue: '75',
    unitId: UNIT.mg,
    notes: 'Carprofen twice daily for 5 days after a hiking strain',
  });
  addRecord(ctx, {
    petProfileId: pet,
    categoryTypeId: CATEGORY_TYPE.medication,
    actionDate: day(-20),
    recordValue: '5',
    unitId: UNIT.ml,
    notes: 'Ear drops, 5 days',
  });
  addRecord(ctx, {
    petProfileId: pet,
    categoryTypeId: CATEGORY_TYPE.consultation,
    actionDate: day(-95),
    recordValue: 'Annual check-up',
    notes: 'All good. Keep up the exercise and watch the treats.',
  });
  addRecord(ctx, {
    petProfileId: pet,
    categoryTypeId: CATEGORY_TYPE.picture,
    actionDate: day(-60),
    recordValue: '',
    notes: 'Hot spot on the left flank, day 1',
    imagePath: recordImage(2),
  });
  addRecord(ctx, {
    petProfileId: pet,
    categoryTypeId: CATEGORY_TYPE.picture,
    actionDate: day(-53),
    recordValue: '',
    notes: 'Hot spot healed',
    imagePath: recordImage(3),
  });
}

/** A few records for DEMO0002, DEMO0004 and the private ones of DEMO0003. */
function buildSmallHistories(ctx: SeedContext): void {
  const day = (offset: number) => addDays(ctx.today, offset);
  const mochi = DEMO_PET_IDS.privateRecords;
  addRecord(ctx, {
    petProfileId: mochi,
    categoryTypeId: CATEGORY_TYPE.weight,
    actionDate: day(-90),
    recordValue: '4.1',
    unitId: UNIT.kg,
    notes: 'Private: should never be shown publicly',
  });
  addRecord(ctx, {
    petProfileId: mochi,
    categoryTypeId: CATEGORY_TYPE.weight,
    actionDate: day(-10),
    recordValue: '4.3',
    unitId: UNIT.kg,
    notes: '',
  });
  addRecord(ctx, {
    petProfileId: mochi,
    categoryTypeId: CATEGORY_TYPE.vaccination,
    actionDate: day(-150),
    recordValue: 'FVRCP',
    notes: '',
    nextReminderDate: day(215),
  });
  addRecord(ctx, {
    petProfileId: mochi,
    categoryTypeId: CATEGORY_TYPE.grooming,
    actionDate: day(-30),
    recordValue: 'Brushing',
    notes: 'Hairball season',
  });

  const luna = DEMO_PET_IDS.lost;
  addRecord(ctx, {
    petProfileId: luna,
    categoryTypeId: CATEGORY_TYPE.weight,
    actionDate: day(-45),
    recordValue: '11.2',
    unitId: UNIT.kg,
    notes: '',
  });
  addRecord(ctx, {
    petProfileId: luna,
    categoryTypeId: CATEGORY_TYPE.vaccination,
    actionDate: day(-120),
    recordValue: 'Rabies',
    notes: '',
    nextReminderDate: day(245),
  });
  addRecord(ctx, {
    petProfileId: luna,
    categoryTypeId: CATEGORY_TYPE.dailyWalk,
    actionDate: day(-5),
    recordValue: '3.8',
    unitId: UNIT.km,
    notes: 'Last walk before she ran off',
  });

  const rocky = DEMO_PET_IDS.adoption;
  addRecord(ctx, {
    petProfileId: rocky,
    categoryTypeId: CATEGORY_TYPE.weight,
    actionDate: day(-14),
    recordValue: '27.5',
    unitId: UNIT.kg,
    notes: 'Weighed at intake',
  });
  addRecord(ctx, {
    petProfileId: rocky,
    categoryTypeId: CATEGORY_TYPE.vaccination,
    actionDate: day(-13),
    recordValue: 'Rabies',
    notes: '',
    nextReminderDate: day(352),
  });
  addRecord(ctx, {
    petProfileId: rocky,
    categoryTypeId: CATEGORY_TYPE.vaccination,
    actionDate: day(-13),
    recordValue: 'DHPP',
    notes: '',
    nextReminderDate: day(352),
  });
  addRecord(ctx, {
    petProfileId: rocky,
    categoryTypeId: CATEGORY_TYPE.antiparasitic,
    actionDate: day(-13),
    recordValue: 'Internal Deworming',
    notes: '',
    nextReminderDate: day(77),
  });
}
