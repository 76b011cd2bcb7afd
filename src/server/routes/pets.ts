import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { LostPetListQuery, PetDetails, PetDetailsQuery, PetGroup, PetListQuery, type PetSkill, normalizePublicId } from '#shared/contract/pets';
import type { NearMePosition } from '#shared/contract/near-me';
import { CATEGORY_TYPE_WEIGHT, GENDER_FEMALE } from '#shared/constants';
import { parseWholeNumber } from '#shared/contract/input-rules';
import { lostPetDetails, owners, petBreeds, petProfiles, petProfileSkills, shelters, skills, unitsOfMeasure, wellnessRecords } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { containsPattern, pageWindow } from '#server/http/page-params';
import { ageInYears } from '#server/http/age';
import { mediaBase } from '#server/config';
import { cacheTag, publicCache } from '#server/cache/public-cache';
import { keptOkAnswers } from '#server/http/kept-answer';
import { setUpSightings } from '#server/sightings/plugin';
import { publicFailureLimits } from '#server/http/failure-limit';
import { petIsClaimed, petPrivacy, visiblePetCondition, type PetKey } from '#server/pets/pet-visibility';
import { chordTo, dropEmptyCoordinates, geoPoint, greatCircleKm, nearMeKey, nearMePosition, rejectInvalidQuery } from '#server/geo/near-me';
import { serverMessage } from '#server/http/messages';

const tags = ['Pets'];
/** English text of the message, for tests and docs (the text lives in locales/en/server.json). */
export const PET_NOT_FOUND = serverMessage('petNotFound');

type Listing = 'adoption' | 'lost';

const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * One page of pets grouped by breed: one query, ordered by breed id, then pet id, so the page walks
 * the partial index (pet_type_id, pet_breed_id, id) and stops after the page. Breed ids follow the
 * titles within a type (the seed assigns them alphabetically), so the groups come alphabetically;
 * see docs/decisions/0040.
 */
async function listPets(app: FastifyInstance, listing: Listing, query: PetListQuery): Promise<PetGroup[]> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  if (beyondEnd) return [];
  const term = query.searchTerm?.trim() ?? '';
  const petTypeId = query.petTypeId ?? 1;
  // The day is part of the key: ages change at midnight even when nothing is written.
  const key = `${listing}:${utcDay()}:${petTypeId}:${page}:${limit}:${term}`;
  return publicCache(app).get(key, () => queryPetPage(app, listing, petTypeId, term, limit, skip), [cacheTag.pets]);
}

async function queryPetPage(app: FastifyInstance, listing: Listing, petTypeId: number, term: string, limit: number, skip: number): Promise<PetGroup[]> {
  const base = mediaBase(app.config);
  // The flag as a bare column (no parameter), so the planner can use the partial index.
  const flag: SQL = listing === 'adoption' ? sql`${petProfiles.isForAdoption}` : sql`${petProfiles.isLost}`;
  const rows = await app.db
    .select({
      petId: petProfiles.id,
      publicId: petProfiles.publicId,
      petName: petProfiles.name,
      imagePath: petProfiles.imagePath,
      dob: petProfiles.dob,
      petBreedId: petBreeds.id,
      petBreedTitle: petBreeds.title,
    })
    .from(petProfiles)
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .where(and(flag, eq(petProfiles.petTypeId, petTypeId), term ? ilike(petProfiles.name, containsPattern(term)) : undefined))
    .orderBy(asc(petProfiles.petBreedId), asc(petProfiles.id))
    .limit(limit)
    .offset(skip);
  const today = new Date();
  const groups: PetGroup[] = [];
  for (const r of rows) {
    let group = groups.at(-1);
    if (!group || group.petBreedId !== r.petBreedId) {
      group = { petBreedId: r.petBreedId, petBreedTitle: r.petBreedTitle, pets: [] };
      groups.push(group);
    }
    group.pets.push({ petId: r.petId, publicId: r.publicId, petName: r.petName, petImage: base + (r.imagePath ?? ''), age: ageInYears(r.dob, today) });
  }
  return groups;
}

/**
 * Lost pets near the visitor: a page of the type's lost pets with a last-seen place, ordered by its
 * distance, then grouped by breed in the order of each breed's nearest pet. The GiST index
 * lost_pet_details_near_idx returns last-seen places nearest first; each is checked against its
 * pet (lost, of the type) until the page is full; see docs/decisions/0070.
 */
async function listLostPetsNear(app: FastifyInstance, query: LostPetListQuery, here: NearMePosition): Promise<PetGroup[]> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  if (beyondEnd) return [];
  const term = query.searchTerm?.trim() ?? '';
  const petTypeId = query.petTypeId ?? 1;
  const key = `lost:${utcDay()}:${petTypeId}:${page}:${limit}:${term}:${nearMeKey(here)}`;
  return publicCache(app).get(key, async () => {
    const base = mediaBase(app.config);
    const chord = chordTo(geoPoint(lostPetDetails.latitude, lostPetDetails.longitude), here);
    const rows = await app.db
      .select({
        petId: petProfiles.id,
        publicId: petProfiles.publicId,
        petName: petProfiles.name,
        imagePath: petProfiles.imagePath,
        dob: petProfiles.dob,
        petBreedId: petBreeds.id,
        petBreedTitle: petBreeds.title,
        chordKm: chord,
      })
      .from(petProfiles)
      .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
      .innerJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
      .where(
        and(
          sql`${petProfiles.isLost}`,
          eq(petProfiles.petTypeId, petTypeId),
          isNotNull(lostPetDetails.latitude),
          isNotNull(lostPetDetails.longitude),
          term ? ilike(petProfiles.name, containsPattern(term)) : undefined,
        ),
      )
      .orderBy(chord)
      .limit(limit)
      .offset(skip);
    const today = new Date();
    const groups = new Map<number, PetGroup>();
    for (const r of rows) {
      let group = groups.get(r.petBreedId);
      if (!group) {
        group = { petBreedId: r.petBreedId, petBreedTitle: r.petBreedTitle, pets: [] };
        groups.set(r.petBreedId, group);
      }
      group.pets.push({
        petId: r.petId,
        publicId: r.publicId,
        petName: r.petName,
        petImage: base + (r.imagePath ?? ''),
        age: ageInYears(r.dob, today),
        distanceKm: greatCircleKm(r.chordKm),
      });
    }
    return [...groups.values()];
  }, [cacheTag.pets]);
}

function parseProfileId(raw: string | undefined): number | null {
  return parseWholeNumber(raw, 0);
}

function parsePublicId(raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  return v === '' || v === 'null' || v === 'undefined' ? null : v;
}

/**
 * The public view of one pet, or null: the one function through which every public path reads a
 * pet (the rules are in pets/pet-visibility.ts, docs/decisions/0050). Through the public cache.
 */
export async function loadPetDetails(app: FastifyInstance, key: PetKey): Promise<PetDetails | null> {
  const named: PetKey = { petProfileId: key.petProfileId, publicId: key.publicId === null ? null : normalizePublicId(key.publicId) };
  if (named.petProfileId === null && named.publicId === null) return null;
  return publicCache(app).get(
    `pet:${utcDay()}:${named.petProfileId ?? ''}:${named.publicId ?? ''}`,
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
  const latestWeight = sql<string | null>`(
    select case when trim(${wellnessRecords.recordValue}) <> '' then concat_ws(' ', trim(${wellnessRecords.recordValue}), ${unitsOfMeasure.title}) end
    from ${wellnessRecords} left join ${unitsOfMeasure} on ${unitsOfMeasure.id} = ${wellnessRecords.unitId}
    where ${wellnessRecords.petProfileId} = ${petProfiles.id} and ${wellnessRecords.categoryTypeId} = ${CATEGORY_TYPE_WEIGHT}
    order by ${wellnessRecords.actionDate} desc, ${wellnessRecords.id} desc limit 1)`;
  const skillList = sql<PetSkill[]>`(
    select coalesce(json_agg(json_build_object('id', ${skills.id}, 'title', ${skills.title}, 'image', ${skills.image}) order by ${skills.id}), '[]'::json)
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
      latestWeight,
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
  const petSkills: PetSkill[] = typeof row.skillList === 'string' ? (JSON.parse(row.skillList) as PetSkill[]) : row.skillList;
  const privacy = petPrivacy({ isRecordsPrivate: pet.isRecordsPrivate, claimed: row.claimed });
  const weight = privacy.recordsPrivate || !row.latestWeight ? null : row.latestWeight;

  const lost = pet.isLost && row.lost ? row.lost : null;
  return {
    petId: pet.id,
    petName: pet.name,
    age: ageInYears(pet.dob),
    petBreed: row.breedTitle,
    petImage: base + (pet.imagePath ?? ''),
    dob: pet.dob,
    weight,
    petGender: pet.genderId === GENDER_FEMALE ? 'Female' : 'Male',
    color: pet.color,
    microChipId: pet.microChipId,
    publicId: pet.publicId,
    isSterilized: pet.isSterilized,
    bloodType: pet.bloodType,
    description: pet.description,
    isLost: pet.isLost,
    isForAdoption: pet.isForAdoption,
    isRecordsPrivate: privacy.recordsPrivate,
    ownerName: privacy.contactPublic ? (row.ownerUsername ?? row.shelterName ?? '') : '',
    ownderContactPhone: privacy.contactPublic ? (pet.ownerContactPhone ?? (row.shelterPhone || null)) : null,
    ownerContactEmail: privacy.contactPublic ? (pet.ownerContactEmail ?? (row.shelterEmail || null)) : null,
    petSkills: petSkills.map((s) => ({ id: s.id, title: s.title, image: base + s.image })),
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

const petRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sightings = setUpSightings(app);
  const { lookups } = publicFailureLimits(app);

  const listSchema = (summary: string, description: string) => ({
    tags,
    summary,
    description,
    querystring: PetListQuery,
    response: { 200: envelopeSchema(Type.Array(PetGroup)) },
  });
  const listingDescription =
    'offset is the 1-based page (below 1 counts as 1, beyond the last page the list is empty); limit defaults to 4 and is capped at 100. ' +
    'A page of pets ordered by breed (breed ids follow the titles alphabetically within a type) then pet id, grouped by breed.';

  // Cached reads are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendAdoption = keptOkAnswers();
  app.get(routePath(API.petsForAdoption), { schema: listSchema('Pets for adoption, grouped by breed', listingDescription) }, async (request, reply) =>
    sendAdoption(request, reply, await listPets(app, 'adoption', request.query)),
  );
  const sendLost = keptOkAnswers();

  app.get(
    routePath(API.lostPets),
    {
      schema: {
        ...listSchema('Lost pets, grouped by breed', listingDescription),
        description:
          listingDescription +
          ' latitude and longitude (both or neither): the pets nearest their last-seen place first, each with distanceKm (great-circle km); ' +
          'groups in the order of their nearest pet.',
        querystring: LostPetListQuery,
      },
      attachValidation: true,
      preValidation: async (request) => dropEmptyCoordinates(request.query),
    },
    async (request, reply) => {
      rejectInvalidQuery(request.validationError);
      const here = nearMePosition(request.query);
      return sendLost(request, reply, here ? await listLostPetsNear(app, request.query, here) : await listPets(app, 'lost', request.query));
    },
  );

  const sendPetDetails = keptOkAnswers();
  app.get(
    routePath(API.petDetailsByPublicId),
    {
      schema: {
        tags,
        summary: "A pet's public profile",
        description:
          'Find the pet by publicId, by petProfileId, or by both (then both must name the same pet). ' +
          'When the pet is lost and latitude/longitude hold a valid position other than 0,0, the position is stored as a sighting for the owner (rate-limited per address, never logged, purged after the retention period) and the owner is e-mailed about it; `ownerNotified` then says whether the owner has an address to be told at.',
        querystring: PetDetailsQuery,
        response: { 200: envelopeSchema(PetDetails) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const petProfileId = parseProfileId(q.petProfileId);
      const publicId = parsePublicId(q.publicId);
      await lookups.check(request);
      const details = await loadPetDetails(app, { petProfileId, publicId });
      if (!details) {
        await lookups.fail(request);
        throw new UserError('petNotFound');
      }
      const sighting = await sightings.record(details, q.latitude, q.longitude, request.ip);
      return sighting.stored ? ok({ ...details, ownerNotified: sighting.ownerNotified }) : sendPetDetails(request, reply, details);
    },
  );
};

export default petRoutes;
