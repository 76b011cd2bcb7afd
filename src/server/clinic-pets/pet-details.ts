import { and, eq } from 'drizzle-orm';
import { GENDER_FEMALE } from '#shared/constants';
import type { VetPetDetails } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicPatients, petBreeds, petProfiles, petTypes } from '#server/db/schema';
import { ageInYearsSql } from '#server/pets/age';
import { latestWeight, weightFields } from '#server/pets/pet-columns';
import { imageUrl } from '#server/media/media-url';
import { patientNotDeleted } from '#server/db/live-rows';

/**
 * The pet profile details the portal shows for one of the clinic's patients (null when the pet is
 * not the clinic's patient, or the clinic deleted it). `weight` is the latest weight the owner or this clinic recorded,
 * with its unit; another clinic's records are never read.
 */
export async function loadClinicPetDetails(
  db: Db,
  base: string,
  clinicId: number,
  petId: number,
): Promise<VetPetDetails | null> {
  const [row] = await db
    .select({
      pet: petProfiles,
      petType: petTypes.title,
      petTypeImagePath: petTypes.image,
      petBreed: petBreeds.title,
      age: ageInYearsSql,
      owner: clinicPatients,
      weight: latestWeight(petProfiles.id, clinicId),
    })
    .from(clinicPatients)
    .innerJoin(petProfiles, eq(petProfiles.id, clinicPatients.petProfileId))
    .innerJoin(petTypes, eq(petTypes.id, petProfiles.petTypeId))
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .where(and(eq(clinicPatients.clinicId, clinicId), eq(clinicPatients.petProfileId, petId), patientNotDeleted))
    .limit(1);
  if (!row) return null;
  const { pet, owner } = row;
  const weight = weightFields(row.weight);
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
    ownerId: owner.clinicOwnerId,
    ownerNameForVet: owner.ownerNameForVet,
    ownerPhoneForVet: owner.ownerPhoneForVet,
    ownerEmailForVet: owner.ownerEmailForVet ?? '',
    dob: pet.dob,
    isSterilized: pet.isSterilized,
    bloodType: pet.bloodType ?? '',
    microChipId: pet.microChipId ?? '',
    color: pet.color ?? '',
    weight: weight.weight ?? '',
    weightValue: weight.weightValue,
    weightUnitId: weight.weightUnitId,
    petImage: imageUrl(base, pet.imagePath),
    version: pet.version,
  };
}
