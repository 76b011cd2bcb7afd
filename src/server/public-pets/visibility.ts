import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { petCoOwners, petProfiles } from '#server/db/schema';

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
 * already publish, so walking ids reveals nothing else. With both, both must match.
 */
export function visiblePetCondition(key: PetKey): SQL | null {
  if (key.publicId !== null) {
    return and(eq(petProfiles.publicId, key.publicId), key.petProfileId !== null ? eq(petProfiles.id, key.petProfileId) : undefined) ?? null;
  }
  if (key.petProfileId !== null) {
    return and(eq(petProfiles.id, key.petProfileId), or(sql`${petProfiles.isForAdoption}`, sql`${petProfiles.isLost}`)) ?? null;
  }
  return null;
}

/**
 * True when somebody who can decide about publication holds the pet: an owner account, a
 * co-owner or a shelter. A pet a clinic created and nobody has claimed has no such person.
 */
export const petIsClaimed: SQL<boolean> = sql<boolean>`(${petProfiles.ownerId} is not null or ${petProfiles.shelterId} is not null or exists (
  select 1 from ${petCoOwners} where ${petCoOwners.petProfileId} = ${petProfiles.id}))`;

export interface PetPrivacy {
  /** the wellness records (and the latest weight) stay private */
  recordsPrivate: boolean;
  /** the owner's name, phone and e-mail may be shown */
  contactPublic: boolean;
}

/**
 * Privacy by default: a pet nobody has claimed keeps its records private and shows no owner
 * contact data, whatever its flags say; a claimed pet follows its owner's choice.
 */
export function petPrivacy(pet: { isRecordsPrivate: boolean; claimed: boolean }): PetPrivacy {
  return { recordsPrivate: pet.isRecordsPrivate || !pet.claimed, contactPublic: pet.claimed };
}
