import type { FastifyInstance } from 'fastify';
import type { Asker } from '#server/http/public-reads';
import { eq, sql, type SQL } from 'drizzle-orm';
import { GENDER_FEMALE } from '#shared/constants';
import { type PetDetails, type PetSkill, normalizePublicId } from '#shared/contract/pets';
import { textProblem } from '#shared/contract/input-rules';
import { lostPetDetails, owners, petBreeds, petProfiles, petProfileSkills, shelters, skills } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';
import { ageInYears, utcDay } from '#server/pets/age';
import { latestWeight, weightFields } from '#server/pets/pet-columns';
import { petIsClaimed, petPrivacy, visiblePetCondition, type PetKey } from '#server/public-pets/visibility';

/**
 * The two ids of a pet's public address (GetPetDetailsByPublicId's query, the /Pets/Details page),
 * read the one way: a petProfileId of 1 to 9 digits, a publicId that is not empty, "null" or
 * "undefined", at most 64 characters and without NUL; anything else counts as not given.
 */
export function petKeyOf(raw: { petProfileId?: string | null; publicId?: string | null }): PetKey {
  const id = raw.petProfileId?.trim() ?? '';
  const publicId = raw.publicId?.trim() ?? '';
  return {
    petProfileId: /^\d{1,9}$/.test(id) ? Number(id) : null,
    publicId:
      publicId === '' ||
      publicId === 'null' ||
      publicId === 'undefined' ||
      publicId.length > 64 ||
      textProblem(publicId)
        ? null
        : publicId,
  };
}

function namedKey(key: PetKey): PetKey {
  return { petProfileId: key.petProfileId, publicId: key.publicId === null ? null : normalizePublicId(key.publicId) };
}

const cacheKey = (named: PetKey) => `pet:${utcDay()}:${named.petProfileId ?? ''}:${named.publicId ?? ''}`;

/** What loadPetDetails would answer from the public cache alone: undefined when nothing is kept for the key. */
function cachedPetDetails(app: FastifyInstance, key: PetKey): PetDetails | null | undefined {
  const named = namedKey(key);
  if (named.petProfileId === null && named.publicId === null) return null;
  return app.publicCache.peek<PetDetails | null>(cacheKey(named));
}

/**
 * loadPetDetails for a visitor who names a pet (the API call, the /Pets/Details page): a guess
 * under the failed-lookup limit of the visitor's address, counted before the query and given back
 * when it finds a pet; a pet already in the read cache costs nothing more (docs/decisions/0090).
 */
export function lookUpPetDetails(app: FastifyInstance, request: Asker, key: PetKey): Promise<PetDetails | null> {
  return app.failureLimits.lookups.lookUp(request, {
    cached: () => cachedPetDetails(app, key),
    load: () => loadPetDetails(app, key),
    hit: (pet) => pet !== null,
  });
}

/**
 * The public view of one pet, or null: the one function through which every public path reads a
 * pet (the rules are in public-pets/visibility.ts, docs/decisions/0050). Through the public cache.
 */
export async function loadPetDetails(app: FastifyInstance, key: PetKey): Promise<PetDetails | null> {
  const named = namedKey(key);
  if (named.petProfileId === null && named.publicId === null) return null;
  return app.publicCache.get(
    cacheKey(named),
    // The condition is built on a miss only: a hit costs the key and the lookup.
    async () => {
      const condition = visiblePetCondition(named);
      return condition ? queryPetDetails(app, condition) : null;
    },
    // Not found: a new pet (a write tagged `pets`) may take this public ID.
    (pet) => (pet ? [cacheTag.pet(pet.petId)] : [cacheTag.pets]),
  );
}

/** One query: the pet with breed, owner or shelter, lost details, skills and latest weight (subqueries). */
async function queryPetDetails(app: FastifyInstance, condition: SQL): Promise<PetDetails | null> {
  const base = mediaBase(app.config);
  const skillList = sql<PetSkill[]>`(
    select coalesce(json_agg(
      json_build_object('id', ${skills.id}, 'title', ${skills.title}, 'image', ${skills.image}) order by ${skills.id}
    ), '[]'::json)
    from ${petProfileSkills} join ${skills} on ${skills.id} = ${petProfileSkills.skillId}
    where ${petProfileSkills.petProfileId} = ${petProfiles.id})`;
  const [row] = await app.db
    .select({
      pet: petProfiles,
      breedTitle: petBreeds.title,
      ownerUsername: owners.username,
      shelterName: shelters.name,
      shelterPhone: shelters.phoneNumber,
      shelterEmail: shelters.email,
      lost: lostPetDetails,
      latestWeight: latestWeight(petProfiles.id),
      skillList,
      claimed: petIsClaimed,
    })
    .from(petProfiles)
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .leftJoin(owners, eq(owners.id, petProfiles.ownerId))
    .leftJoin(shelters, eq(shelters.id, petProfiles.shelterId))
    .leftJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
    .where(condition)
    .limit(1);
  if (!row) return null;
  const { pet } = row;
  // json from node-postgres arrives parsed; PGlite too, but accept a string to be safe.
  const petSkills: PetSkill[] =
    typeof row.skillList === 'string' ? (JSON.parse(row.skillList) as PetSkill[]) : row.skillList;
  const privacy = petPrivacy({ isRecordsPrivate: pet.isRecordsPrivate, claimed: row.claimed });
  const weight = weightFields(privacy.recordsPrivate ? null : row.latestWeight);

  const lost = pet.isLost && row.lost ? row.lost : null;
  // Name, type, breed and photo only, unless someone who may publish the pet holds it.
  const shown = privacy.detailsPublic;
  const dob = shown ? pet.dob : null;
  return {
    petId: pet.id,
    petName: pet.name,
    age: ageInYears(dob),
    petBreed: row.breedTitle,
    petBreedId: pet.petBreedId,
    petTypeId: pet.petTypeId,
    petImage: imageUrl(base, pet.imagePath),
    dob,
    ...weight,
    petGender: pet.genderId === GENDER_FEMALE ? 'Female' : 'Male',
    color: shown ? pet.color : null,
    microChipId: shown ? pet.microChipId : null,
    publicId: pet.publicId,
    isSterilized: shown ? pet.isSterilized : null,
    bloodType: shown ? pet.bloodType : null,
    description: shown ? pet.description : null,
    isLost: pet.isLost,
    isForAdoption: pet.isForAdoption,
    isRecordsPrivate: privacy.recordsPrivate,
    ownerName: privacy.contactPublic ? (row.ownerUsername ?? row.shelterName ?? '') : '',
    ownderContactPhone: privacy.contactPublic ? (pet.ownerContactPhone ?? (row.shelterPhone || null)) : null,
    ownerContactEmail: privacy.contactPublic ? (pet.ownerContactEmail ?? (row.shelterEmail || null)) : null,
    petSkills: shown ? petSkills.map((s) => ({ id: s.id, title: s.title, image: imageUrl(base, s.image) })) : [],
    lostPetDetails: lost
      ? {
          lostDate: lost.lostDate,
          contactPhoneNumber: privacy.contactPublic ? lost.contactPhoneNumber : '',
          address: lost.address,
          reward: lost.reward,
          notes: lost.notes,
          latitude: lost.latitude,
          longitude: lost.longitude,
        }
      : null,
  };
}
