import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_TYPE_ANTIPARASITIC, CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_WEIGHT } from '#shared/constants';
import { petNotDeleted, recordNotDeleted } from '#server/db/live-rows';
import { petCoOwners, petProfiles, wellnessRecords } from '#server/db/schema';

/**
 * What a visitor of the public site may see of a pet (docs/decisions/0050). Every public path
 * (GetPetDetailsByPublicId, GetPetWellnessCategoryTypes, the server-rendered /Pets/Details with its
 * share meta and share image) reads a pet through loadPetDetails (public-pets/pet-details.ts), which applies
 * these rules and nothing else; no other public code reads pet_profiles by id or public ID.
 */

/** How a visitor names a pet: its public ID (the owner's shared key), its id, or both. */
export interface PetKey {
  petProfileId: number | null;
  publicId: string | null;
}

/**
 * The pets a key may open, or null when the key names no pet. The public ID opens its pet; an id
 * alone opens only a pet the public listings show (for adoption or lost), whose id those listings
 * already publish, so walking ids reveals nothing else. With both, both must match. A pet deleted
 * by the last clinic holding it is opened by nothing (docs/decisions/0098).
 */
export function visiblePetCondition(key: PetKey): SQL | null {
  if (key.publicId !== null) {
    return (
      and(
        eq(petProfiles.publicId, key.publicId),
        petNotDeleted,
        key.petProfileId !== null ? eq(petProfiles.id, key.petProfileId) : undefined,
      ) ?? null
    );
  }
  if (key.petProfileId !== null) {
    return (
      and(
        eq(petProfiles.id, key.petProfileId),
        petNotDeleted,
        or(sql`${petProfiles.isForAdoption}`, sql`${petProfiles.isLost}`),
      ) ?? null
    );
  }
  return null;
}

/** The record types a clinic writes that a visitor may see, when the owner made the records public. */
const PUBLIC_CLINIC_RECORD_TYPES = [CATEGORY_TYPE_WEIGHT, CATEGORY_TYPE_VACCINATION, CATEGORY_TYPE_ANTIPARASITIC];

/**
 * Which of a pet's records a visitor may see once its records are public (docs/decisions/0099):
 * the owner's own records, and of what clinics wrote only weights, vaccinations and
 * antiparasitics. Consultations and visit pictures are clinical records: never public, whatever
 * the owner's flag. Deleted records never.
 */
export const publicRecordCondition: SQL = and(
  recordNotDeleted,
  or(isNull(wellnessRecords.clinicId), inArray(wellnessRecords.categoryTypeId, PUBLIC_CLINIC_RECORD_TYPES)),
) as SQL;

/**
 * True when somebody who can decide about publication holds the pet: an owner account, a
 * co-owner or a shelter. A pet a clinic created and nobody has claimed has no such person.
 */
export const petIsClaimed: SQL<boolean> = sql<boolean>`(${petProfiles.ownerId} is not null
  or ${petProfiles.shelterId} is not null
  or exists (select 1 from ${petCoOwners} where ${petCoOwners.petProfileId} = ${petProfiles.id}))`;

export interface PetPrivacy {
  /** the wellness records (and the latest weight) stay private */
  recordsPrivate: boolean;
  /** the owner's name, phone and e-mail may be shown */
  contactPublic: boolean;
  /**
   * the pet's details beyond its name, type, breed and photo (birth date and age, microchip, blood
   * type, sterilised flag, colour, description, skills) may be shown
   */
  detailsPublic: boolean;
}

/**
 * Privacy by default: a pet nobody has claimed shows its name, type, breed and photo only: no
 * records, no owner contact data, no other detail, whatever its flags say; a claimed pet follows
 * its owner's choice.
 */
export function petPrivacy(pet: { isRecordsPrivate: boolean; claimed: boolean }): PetPrivacy {
  return {
    recordsPrivate: pet.isRecordsPrivate || !pet.claimed,
    contactPublic: pet.claimed,
    detailsPublic: pet.claimed,
  };
}
