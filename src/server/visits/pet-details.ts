import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { CATEGORY_TYPE_WEIGHT, GENDER_FEMALE } from '#shared/constants';
import type { VetPetDetails } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicPatients, petBreeds, petProfiles, petTypes, unitsOfMeasure, wellnessRecords } from '#server/db/schema';
import { imageUrl } from '#server/visits/pet-columns';

/**
 * The pet profile details the portal shows for one of the clinic's patients (null when the pet is
 * not the clinic's patient). `weight` is the latest weight the owner or this clinic recorded,
 * with its unit; another clinic's records are never read.
 */
export async function loadClinicPetDetails(db: Db, base: string, clinicId: number, petId: number): Promise<VetPetDetails | null> {
  const latestWeight = db
    .select({ text: sql<string>`trim(${wellnessRecords.recordValue} || ' ' || coalesce(${unitsOfMeasure.title}, ''))`.as('text') })
    .from(wellnessRecords)
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, wellnessRecords.unitId))
    .where(
      and(
        eq(wellnessRecords.petProfileId, petId),
        eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_WEIGHT),
        or(isNull(wellnessRecords.clinicId), eq(wellnessRecords.clinicId, clinicId)),
      ),
    )
    .orderBy(desc(wellnessRecords.actionDate), desc(wellnessRecords.id))
    .limit(1);
  const [[row], [weight]] = await Promise.all([
    db
      .select({
        pet: petProfiles,
        petType: petTypes.title,
        petTypeImagePath: petTypes.image,
        petBreed: petBreeds.title,
        age: sql<number | null>`extract(year from age(current_date, ${petProfiles.dob}))::int`,
        owner: clinicPatients,
      })
      .from(clinicPatients)
      .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
      .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
      .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
      .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId)))
      .limit(1),
    latestWeight,
  ]);
  if (!row) return null;
  const { pet, owner } = row;
  return {
    petProfileId: pet.id,
    petName: pet.name,
    age: row.age,
    petType: row.petType,
    petTypeId: pet.petTypeId,
    petTypeImage: imageUrl(base, row.petTypeImagePath),
    petBreed: row.petBreed,
    petBreedId: pet.petBreedId,
    petGender: pet.genderId === GENDER_FEMALE ? 'Female' : 'Male',
    petGenderId: pet.genderId,
    ownerNameForVet: owner.ownerNameForVet,
    ownerPhoneForVet: owner.ownerPhoneForVet,
    ownerEmailForVet: owner.ownerEmailForVet ?? '',
    dob: pet.dob,
    isSterilized: pet.isSterilized,
    bloodType: pet.bloodType ?? '',
    microChipId: pet.microChipId ?? '',
    weight: weight?.text ?? '',
    petImage: imageUrl(base, pet.imagePath),
  };
}
