import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CATEGORY_TYPE_WEIGHT } from '#shared/constants';
import { clinicPatients, petBreeds, petProfiles, petTypes, unitsOfMeasure, wellnessRecords } from '#server/db/schema';
import { ageInYearsSql } from '#server/pets/age';
import { recordNotDeleted } from '#server/db/live-rows';
import { imageUrl } from '#server/media/media-url';

/**
 * The pet columns every visit and reminder answer shows (name, age, type with icon, breed, photo,
 * and the owner contact data the clinic keeps), to be selected over a join of pet_profiles,
 * pet_types, pet_breeds and the clinic's clinic_patients row.
 */
export const petSummaryColumns = {
  petName: petProfiles.name,
  /** whole years, null when the date of birth is unknown */
  age: ageInYearsSql,
  petType: petTypes.title,
  petTypeId: petProfiles.petTypeId,
  petTypeImagePath: petTypes.image,
  petBreed: petBreeds.title,
  petBreedId: petProfiles.petBreedId,
  petImagePath: petProfiles.imagePath,
  ownerNameForVet: sql<string>`coalesce(${clinicPatients.ownerNameForVet}, '')`,
  ownerPhoneForVet: sql<string>`coalesce(${clinicPatients.ownerPhoneForVet}, '')`,
  ownerEmailForVet: sql<string>`coalesce(${clinicPatients.ownerEmailForVet}, '')`,
};

/** What petSummaryColumns read of the pet itself. */
interface PetSummaryRow {
  petName: string;
  age: number | null;
  petType: string;
  petTypeId: number;
  petTypeImagePath: string | null;
  petBreed: string;
  petBreedId: number;
  petImagePath: string | null;
}

/** The pet's fields of a visit or reminder answer from a row of petSummaryColumns (images: addresses under `base`). */
export function petSummaryFields(base: string, row: PetSummaryRow) {
  return {
    petName: row.petName,
    age: row.age,
    petType: row.petType,
    petTypeId: row.petTypeId,
    petTypeImage: imageUrl(base, row.petTypeImagePath),
    petBreed: row.petBreed,
    petBreedId: row.petBreedId,
    petImage: imageUrl(base, row.petImagePath),
  };
}

/**
 * Joins what petSummaryColumns read to a (dynamic) query over rows of one pet each: the pet, its
 * type and breed, and the clinic's patient row (left joined: the pet may have left the clinic).
 */
export function withPetSummary<T extends PgSelect>(query: T, clinicId: number, petId: AnyColumn) {
  return query
    .innerJoin(petProfiles, eq(petProfiles.id, petId))
    .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .leftJoin(clinicPatients, patientOf(clinicId, petId));
}

/** Join condition of a clinic's patient row (owner contact data) for a pet id column. */
function patientOf(clinicId: number, petIdColumn: AnyColumn) {
  return and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petIdColumn));
}

/** A pet's latest weight as read by latestWeight: the recorded value, its unit's id and title. */
export interface LatestWeight {
  value: string;
  unitId: number | null;
  unit: string;
}

/**
 * A pet's latest weight with its unit, null when it has none: a subquery over wellness_records for
 * the pet id column or value `petId`, newest action date first (then newest id). With `clinicId`,
 * only the owner's records and that clinic's are read.
 */
export function latestWeight(petId: AnyColumn | number, clinicId?: number): SQL<LatestWeight | string | null> {
  const clinicRecords =
    clinicId === undefined
      ? sql``
      : sql` and ${or(isNull(wellnessRecords.clinicId), eq(wellnessRecords.clinicId, clinicId))}`;
  return sql<LatestWeight | string | null>`(
    select case when trim(${wellnessRecords.recordValue}) <> '' then json_build_object(
      'value', trim(${wellnessRecords.recordValue}),
      'unitId', ${wellnessRecords.unitId},
      'unit', coalesce(${unitsOfMeasure.title}, '')
    ) end
    from ${wellnessRecords} left join ${unitsOfMeasure} on ${unitsOfMeasure.id} = ${wellnessRecords.unitId}
    where ${wellnessRecords.petProfileId} = ${petId} and ${wellnessRecords.categoryTypeId} = ${CATEGORY_TYPE_WEIGHT}
      and ${recordNotDeleted}${clinicRecords}
    order by ${wellnessRecords.actionDate} desc, ${wellnessRecords.id} desc limit 1)`;
}

/**
 * The weight as the contract's `weight` ("12.5 kg") and its parts (`weightValue`, `weightUnitId`), from latestWeight's
 * column.
 */
export function weightFields(read: LatestWeight | string | null): {
  weight: string | null;
  weightValue: string | null;
  weightUnitId: number | null;
} {
  // json from node-postgres arrives parsed; PGlite too, but accept a string to be safe.
  const latest: LatestWeight | null = typeof read === 'string' ? (JSON.parse(read) as LatestWeight) : read;
  if (!latest) return { weight: null, weightValue: null, weightUnitId: null };
  return {
    weight: [latest.value, latest.unit].filter((part) => part !== '').join(' '),
    weightValue: latest.value,
    weightUnitId: latest.unitId,
  };
}
