import { CATEGORY_TYPE, UNIT } from '#server/db/seed/reference';
import { addDays, type Random } from '#server/db/seed/random';
import { nextId, type SeedContext, type WellnessRecordRow } from '#server/db/seed/types';

export const RECORD_IMAGE_COUNT = 6;

export type NewRecord = Omit<WellnessRecordRow, 'id'>;

export function addRecord(ctx: SeedContext, record: NewRecord): WellnessRecordRow {
  const row = { id: nextId(ctx.rows.records), ...record };
  ctx.rows.records.push(row);
  return row;
}

export function recordImage(n: number): string {
  return `records/record-${((n - 1) % RECORD_IMAGE_COUNT) + 1}.webp`;
}

/**
 * The same drawing as a visit picture: in the clinical area, served only through signed links (docs/decisions/0099).
 */
export function clinicalRecordImage(n: number): string {
  return `clinical/demo/record-${((n - 1) % RECORD_IMAGE_COUNT) + 1}.webp`;
}

/** Typical adult weight range in kg per pet type id. */
const WEIGHT_KG: Record<number, [number, number]> = {
  1: [6, 38],
  2: [3.2, 6.5],
  3: [0.03, 0.55],
  4: [1.2, 5.5],
  5: [0.03, 0.17],
};

export function typicalWeight(petTypeId: number, random: Random): number {
  const [min, max] = WEIGHT_KG[petTypeId];
  return min + random.next() * (max - min);
}

export function formatWeight(kg: number): string {
  return kg < 1 ? kg.toFixed(3) : kg.toFixed(1);
}

/** A short public history for a listed pet (lost or for adoption): a weight and a vaccination or two. */
export function addBasicHistory(ctx: SeedContext, pet: { id: number; petTypeId: number }, random: Random): void {
  const weight = typicalWeight(pet.petTypeId, random);
  const weighed = addDays(ctx.today, -random.int(10, 120));
  addRecord(ctx, {
    petProfileId: pet.id,
    categoryTypeId: CATEGORY_TYPE.weight,
    actionDate: weighed,
    recordValue: formatWeight(weight),
    unitId: UNIT.kg,
    notes: random.pick([
      'Healthy weight',
      'Weighed at intake',
      'Slightly underweight, eating well',
      'Stable since last check',
    ]),
  });
  const vaccines =
    pet.petTypeId === 1
      ? ['Rabies', 'DHPP', 'Leptospirosis']
      : pet.petTypeId === 2
        ? ['Rabies', 'FVRCP', 'Feline Leukemia']
        : [];
  for (const vaccine of random.sample(vaccines, random.int(1, 2))) {
    const given = addDays(ctx.today, -random.int(20, 300));
    addRecord(ctx, {
      petProfileId: pet.id,
      categoryTypeId: CATEGORY_TYPE.vaccination,
      actionDate: given,
      recordValue: vaccine,
      notes: random.pick(['No reaction', 'Booster due next year', 'Given at the shelter clinic', '']),
      nextReminderDate: addDays(given, 365),
    });
  }
  if (random.chance(0.5)) {
    const given = addDays(ctx.today, -random.int(5, 60));
    addRecord(ctx, {
      petProfileId: pet.id,
      categoryTypeId: CATEGORY_TYPE.antiparasitic,
      actionDate: given,
      recordValue: random.pick(['Internal Deworming', 'Flea Treatment', 'External Parasites']),
      notes: '',
      nextReminderDate: addDays(given, 90),
    });
  }
}
