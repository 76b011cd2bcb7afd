import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import { DEMO_PET_IDS, petImage } from '#server/db/seed/demo-pets';
import { PET_NAMES } from '#server/db/seed/listed-pets';
import { DEMO_CLINIC_ID, DEMO_OWNER_ID, OTHER_CLINIC_ID, ownerById, staffOf } from '#server/db/seed/people';
import { PROVIDER_COUNTRIES, citiesOf, personIn, phoneIn } from '#server/db/seed/places';
import { addRecord, clinicalRecordImage, formatWeight, typicalWeight } from '#server/db/seed/records';
import { CATEGORY_TYPE, PET_TYPE, PET_TYPE_SLUGS, UNIT, breedsOf, type PetTypeSlug } from '#server/db/seed/reference';
import { addDays, at, type Random } from '#server/db/seed/random';
import { nextId, type SeedContext, type VetVisitRow, type WellnessRecordRow } from '#server/db/seed/types';

const DEMO_CLINIC_NEW_PATIENTS = 24;
const OTHER_CLINIC_NEW_PATIENTS = 10;

const VACCINES_FOR: Partial<Record<PetTypeSlug, readonly string[]>> = {
  dog: VACCINATION_CHOICES.filter((v) => !['FVRCP', 'Feline Leukemia'].includes(v)),
  cat: ['Rabies', 'FVRCP', 'Feline Leukemia'],
};

const VISIT_REASONS: [string, string][] = [
  ['Annual wellness exam', 'Healthy. Discussed diet and dental care.'],
  ['Vaccination appointment', 'Vaccines given, no immediate reaction. Observe for 24 hours.'],
  ['Limping on the front left leg', 'Mild sprain. Rest for a week, anti-inflammatory prescribed.'],
  ['Follow-up after dental cleaning', 'Gums healing well. Brush teeth three times a week.'],
  ['Skin rash and itching', 'Suspected flea allergy. Antiparasitic given, recheck in 3 weeks.'],
  ['Vomiting since yesterday', 'Bland diet for three days; bring a stool sample if it continues.'],
  ['Post-operative check', 'Stitches look clean. Remove in 10 days.'],
  ['Weight management consultation', 'Reduce daily food by 10% and add a second walk.'],
  ['Ear infection follow-up', 'Ear canal clear. Continue drops for 5 more days.'],
  ['New patient: first examination', 'Microchip checked, history taken, vaccination plan agreed.'],
  ['Eye discharge', 'Mild conjunctivitis. Eye drops twice daily for a week.'],
  ['Senior check-up', 'Blood work ordered. Joints stiff in the mornings: start a supplement.'],
];

const PICTURE_NOTES = [
  'Wound on the left paw, day 1',
  'Skin lesion before treatment',
  'Dental check: upper molars',
  'Ear canal',
  'Healing well',
  'X-ray print, right hind leg',
];

/** Distribution of new patients over the pet types. */
const PATIENT_TYPES: PetTypeSlug[] = ['dog', 'dog', 'dog', 'dog', 'cat', 'cat', 'cat', 'bird', 'rabbit', 'hamster'];

const BLOOD_TYPES: Partial<Record<PetTypeSlug, string[]>> = {
  dog: ['DEA 1.1 Positive', 'DEA 1.1 Negative'],
  cat: ['A', 'B', 'AB'],
};

/** The endings of the demo owners' e-mail addresses (example domains). */
const EMAIL_ENDINGS = ['com', 'net', 'org'];

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/** New pet profiles created by a clinic (no owner account), with the owner's contact data for the vet. */
function addNewPatients(ctx: SeedContext, clinicId: number, count: number, random: Random): void {
  for (let i = 0; i < count; i++) {
    const slug = random.pick(PATIENT_TYPES);
    const country = random.pick(PROVIDER_COUNTRIES);
    const person = personIn(country, random);
    const created = at(addDays(ctx.today, -(count - i) * 9 - random.int(0, 5)), random.int(8, 18), random.int(0, 59));
    const bloodTypes = BLOOD_TYPES[slug];
    const petId = nextId(ctx.rows.pets);
    ctx.rows.pets.push({
      id: petId,
      publicId: ctx.publicIds.next(),
      name: random.pick(PET_NAMES),
      petTypeId: PET_TYPE[slug],
      petBreedId: random.pick(breedsOf(slug)).id,
      dob: addDays(ctx.today, -random.int(120, slug === 'hamster' ? 800 : 4000)),
      genderId: random.int(1, 2),
      isSterilized: random.pick([true, false, null]),
      bloodType: bloodTypes && random.chance(0.5) ? random.pick(bloodTypes) : null,
      microChipId:
        (slug === 'dog' || slug === 'cat') && random.chance(0.6)
          ? `${random.pick(['985', '250', '620'])}${random.digits(12)}`
          : null,
      imagePath: random.chance(0.85) ? petImage(slug, random.int(1, 8)) : null,
      createdAt: created,
    });
    ctx.rows.clinicPatients.push({
      id: nextId(ctx.rows.clinicPatients),
      clinicId,
      petProfileId: petId,
      ownerNameForVet: `${person.first} ${person.last}`,
      ownerPhoneForVet: phoneIn(random.pick(citiesOf(country)), random),
      ownerEmailForVet: random.chance(0.75)
        ? `${ascii(person.first)}.${ascii(person.last)}${random.int(1, 99)}@example.${random.pick(EMAIL_ENDINGS)}`
        : null,
      createdAt: created,
    });
  }
}

interface VisitPlan {
  dayOffset: number;
  finished: boolean;
  petProfileId: number;
}

function planVisits(
  ctx: SeedContext,
  clinicId: number,
  active: number[],
  completed: number,
  random: Random,
  fixed: VisitPlan[],
): VisitPlan[] {
  const patients = ctx.rows.clinicPatients.filter((p) => p.clinicId === clinicId).map((p) => p.petProfileId);
  const plans: VisitPlan[] = [...fixed];
  for (const dayOffset of active) plans.push({ dayOffset, finished: false, petProfileId: random.pick(patients) });
  for (let i = 0; i < completed; i++)
    plans.push({ dayOffset: -random.int(4, 200), finished: true, petProfileId: random.pick(patients) });
  // oldest first, so ids grow with the visit date
  return plans.sort((a, b) => a.dayOffset - b.dayOffset);
}

/** Visits with their wellness records; returns the records that can carry a reminder. */
function addVisits(ctx: SeedContext, clinicId: number, plans: VisitPlan[], random: Random): WellnessRecordRow[] {
  const staff = staffOf(ctx, clinicId);
  const reminderRecords: WellnessRecordRow[] = [];
  const baseWeight = new Map<number, number>();
  for (const plan of plans) {
    const pet = ctx.rows.pets.find((p) => p.id === plan.petProfileId);
    if (!pet) throw new Error(`no pet ${plan.petProfileId}`);
    const slug = PET_TYPE_SLUGS[pet.petTypeId - 1];
    const visitDate = addDays(ctx.today, plan.dayOffset);
    const [reason, advice] = random.pick(VISIT_REASONS);
    const created = at(visitDate, random.int(8, 17), random.int(0, 59));
    const visit: VetVisitRow = {
      id: nextId(ctx.rows.vetVisits),
      clinicId,
      petProfileId: pet.id,
      vetUserId: random.pick(staff),
      visitDate,
      notes: `${reason}. ${advice}`,
      isFinished: plan.finished,
      createdAt: created,
      updatedAt: created,
    };
    ctx.rows.vetVisits.push(visit);
    const base = {
      petProfileId: pet.id,
      clinicId,
      vetVisitId: visit.id,
      vetUserId: visit.vetUserId,
      actionDate: visitDate,
      createdAt: created,
    };

    if (!baseWeight.has(pet.id)) {
      // a pet with its own weight history (DEMO0001) keeps weighing about the same at the clinic
      const known = ctx.rows.records
        .filter((r) => r.petProfileId === pet.id && r.categoryTypeId === CATEGORY_TYPE.weight && !r.clinicId)
        .at(-1);
      baseWeight.set(pet.id, known ? Number(known.recordValue) : typicalWeight(pet.petTypeId, random));
    }
    if (random.chance(0.85)) {
      const kg = (baseWeight.get(pet.id) ?? 1) * (1 + random.jitter(0.04));
      addRecord(ctx, {
        ...base,
        categoryTypeId: CATEGORY_TYPE.weight,
        recordValue: formatWeight(kg),
        unitId: UNIT.kg,
        notes: '',
      });
    }
    const vaccines = VACCINES_FOR[slug];
    if (vaccines && random.chance(0.55)) {
      for (const vaccine of random.sample(vaccines, random.int(1, 2))) {
        reminderRecords.push(
          addRecord(ctx, {
            ...base,
            categoryTypeId: CATEGORY_TYPE.vaccination,
            recordValue: vaccine,
            notes: random.pick(['', 'Booster', 'Batch recorded in the paper file']),
          }),
        );
      }
    }
    if (random.chance(0.45)) {
      const treatment = random.pick(ANTIPARASITIC_CHOICES);
      reminderRecords.push(
        addRecord(ctx, {
          ...base,
          categoryTypeId: CATEGORY_TYPE.antiparasitic,
          recordValue: treatment,
          notes: random.pick(['', 'Spot-on', 'Tablet with food']),
        }),
      );
    }
    if (random.chance(0.75)) {
      addRecord(ctx, { ...base, categoryTypeId: CATEGORY_TYPE.consultation, recordValue: reason, notes: advice });
    }
    if (random.chance(0.3)) {
      for (let n = random.int(1, 2); n > 0; n--) {
        addRecord(ctx, {
          ...base,
          categoryTypeId: CATEGORY_TYPE.picture,
          recordValue: '',
          notes: random.pick(PICTURE_NOTES),
          imagePath: clinicalRecordImage(random.int(1, 6)),
        });
      }
    }
  }
  return reminderRecords;
}

/**
 * Reminders on days relative to the seed day: a few today, at least three on today + 7, several
 * on today + 14, the rest within the next 40 days; a few records have no reminder.
 */
function assignReminders(ctx: SeedContext, records: WellnessRecordRow[], fixedOffsets: number[], random: Random): void {
  records.forEach((record, i) => {
    if (i < fixedOffsets.length) record.nextReminderDate = addDays(ctx.today, fixedOffsets[i]);
    else record.nextReminderDate = random.chance(0.1) ? null : addDays(ctx.today, random.int(1, 40));
  });
}

/** Patients, visits (active and completed), visit records and reminders of both clinics. */
export function buildClinicData(ctx: SeedContext): void {
  const random = ctx.random('clinics');
  const owner = ownerById(ctx, DEMO_OWNER_ID);
  ctx.rows.clinicPatients.push({
    id: nextId(ctx.rows.clinicPatients),
    clinicId: DEMO_CLINIC_ID,
    petProfileId: DEMO_PET_IDS.profile,
    ownerNameForVet: 'Alex Morgan',
    ownerPhoneForVet: owner.phone ?? '',
    ownerEmailForVet: owner.email,
    createdAt: at(addDays(ctx.today, -300), 9, 30),
  });
  addNewPatients(ctx, DEMO_CLINIC_ID, DEMO_CLINIC_NEW_PATIENTS, random);
  addNewPatients(ctx, OTHER_CLINIC_ID, OTHER_CLINIC_NEW_PATIENTS, random);

  const demoPlans = planVisits(ctx, DEMO_CLINIC_ID, [0, 0, 0, 0, -1, -2, -3, -5, -6], 19, random, [
    { dayOffset: -95, finished: true, petProfileId: DEMO_PET_IDS.profile },
    { dayOffset: 0, finished: false, petProfileId: DEMO_PET_IDS.profile },
  ]);
  const demoReminders = addVisits(ctx, DEMO_CLINIC_ID, demoPlans, random);
  assignReminders(ctx, demoReminders, [7, 7, 7, 0, 0, 14, 14, 14, 3, 21], random);

  const otherPlans = planVisits(ctx, OTHER_CLINIC_ID, [0, 0, -2], 7, random, []);
  const otherReminders = addVisits(ctx, OTHER_CLINIC_ID, otherPlans, random);
  assignReminders(ctx, otherReminders, [7, 7, 10], random);
}
