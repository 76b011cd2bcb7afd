import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CATEGORY_TYPE_WEIGHT } from '#shared/constants';
import { clinicPatients, petBreeds, petProfiles, petTypes, unitsOfMeasure, wellnessRecords } from '#server/db/schema';
import { ageInYearsSql } from '#server/pets/age';

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
  petTypeImagePath: petTypes.image,
  petBreed: petBreeds.title,
  petImagePath: petProfiles.imagePath,
  ownerNameForVet: sql<string>`coalesce(${clinicPatients.ownerNameForVet}, '')`,
  ownerPhoneForVet: sql<string>`coalesce(${clinicPatients.ownerPhoneForVet}, '')`,
  ownerEmailForVet: sql<string>`coalesce(${clinicPatients.ownerEmailForVet}, '')`,
};

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

/**
 * A pet's latest weight with its unit ("12.5 kg"), null when it has none: a subquery over
 * wellness_records for the pet id column or value `petId`, newest action date first (then newest
 * id). With `clinicId`, only the owner's records and that clinic's are read.
 */
export function latestWeight(petId: AnyColumn | number, clinicId?: number): SQL<string | null> {
  const clinicRecords = clinicId === undefined ? sql`` : sql` and ${or(isNull(wellnessRecords.clinicId), eq(wellnessRecords.clinicId, clinicId))}`;
  return sql<string | null>`(
    select case when trim(${wellnessRecords.recordValue}) <> '' then concat_ws(' ', trim(${wellnessRecords.recordValue}), ${unitsOfMeasure.title}) end
    from ${wellnessRecords} left join ${unitsOfMeasure} on ${unitsOfMeasure.id} = ${wellnessRecords.unitId}
    where ${wellnessRecords.petProfileId} = ${petId} and ${wellnessRecords.categoryTypeId} = ${CATEGORY_TYPE_WEIGHT}${clinicRecords}
    order by ${wellnessRecords.actionDate} desc, ${wellnessRecords.id} desc limit 1)`;
}
