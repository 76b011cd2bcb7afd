import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { LostPetListQuery, PetDetails, PetDetailsQuery, PetGroup, PetListQuery } from '#shared/contract/pets';
import { envelopeSchema, ok } from '#server/http/envelope';
import { keptOkAnswers } from '#server/http/kept-answer';
import { onlyParams, publicRead } from '#server/http/public-reads';
import { UserError } from '#server/http/errors';
import { setUpSightings } from '#server/sightings/plugin';
import { prepareCoordinates, nearMePosition, rejectInvalidQuery } from '#server/geo/near-me';
import { listPets } from '#server/public-pets/listings';
import { lookUpPetDetails, petKeyOf } from '#server/public-pets/pet-details';

const tags = ['Pets'];

/**
 * A pet page's own call (its prefetch: no position, profileNeeded empty) in the plain form the route's query schema
 * and input checks read alike; null for any other, which goes through the route (a position may store a sighting).
 */
function plainPetPageQuery(params: URLSearchParams): PetDetailsQuery | null {
  if (!onlyParams(params, ['petProfileId', 'publicId', 'profileNeeded', 'latitude', 'longitude'])) return null;
  const petProfileId = params.get('petProfileId') ?? '';
  const publicId = params.get('publicId') ?? '';
  const unknownPosition = params.get('latitude') === '0' && params.get('longitude') === '0';
  if (!unknownPosition || (params.get('profileNeeded') ?? '') !== '') return null;
  if (!/^\d{0,9}$/.test(petProfileId) || !/^[A-Za-z0-9-]{0,64}$/.test(publicId)) return null;
  return { petProfileId, publicId, profileNeeded: '', latitude: '0', longitude: '0' };
}

const petRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sightings = setUpSightings(app);

  const listSchema = (summary: string, description: string) => ({
    tags,
    summary,
    description,
    querystring: PetListQuery,
    response: { 200: envelopeSchema(Type.Array(PetGroup)) },
  });
  const listingDescription =
    'offset is the 1-based page (below 1 counts as 1, beyond the last page the list is empty); limit ' +
    'defaults to 4 and is capped at 100. ' +
    'A page of pets ordered by breed (breed ids follow the titles alphabetically within a type) then ' +
    'pet id, grouped by breed.';

  // Cached reads are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendAdoption = keptOkAnswers();
  app.get(
    routePath(API.petsForAdoption),
    { schema: listSchema('Pets for adoption, grouped by breed', listingDescription) },
    async (request, reply) => sendAdoption(request, reply, await listPets(app, 'adoption', request.query)),
  );

  const sendLost = keptOkAnswers();

  app.get(
    routePath(API.lostPets),
    {
      schema: {
        ...listSchema('Lost pets, grouped by breed', listingDescription),
        description:
          listingDescription +
          ' Each card adds lostDate and lostAddress: when and where the pet was last seen (Pawtal addition). ' +
          'latitude and longitude (both or neither): the pets nearest their last-seen place first, each ' +
          'with distanceKm (great-circle km); ' +
          'groups in the order of their nearest pet (a later group may hold a nearer pet than an earlier ' +
          "group's second: order the cards by distanceKm to list them nearest first).",
        querystring: LostPetListQuery,
      },
      attachValidation: true,
      preValidation: async (request) => prepareCoordinates(request.query),
    },
    async (request, reply) => {
      rejectInvalidQuery(request.validationError);
      return sendLost(request, reply, await listPets(app, 'lost', request.query, nearMePosition(request.query)));
    },
  );

  // Behind the route and a page's render alike (src/server/http/public-reads.ts).
  const petDetailsAnswer = envelopeSchema(PetDetails);
  const petDetails = publicRead(app, {
    path: API.petDetailsByPublicId,
    response: petDetailsAnswer,
    pageQuery: plainPetPageQuery,
    data: async (query: PetDetailsQuery, asker) => {
      const details = await lookUpPetDetails(app, asker, petKeyOf(query));
      if (!details) throw new UserError('petNotFound');
      return details;
    },
    envelope: (details) => ok(details),
  });
  app.get(
    routePath(API.petDetailsByPublicId),
    {
      schema: {
        tags,
        summary: "A pet's public profile",
        description:
          'Find the pet by publicId, by petProfileId, or by both (then both must name the same pet). ' +
          'When the pet is lost and latitude/longitude hold a valid position other than 0,0, the position ' +
          'is stored as a sighting for the owner (rate-limited per address, never logged, purged after the ' +
          'retention period) and the owner is e-mailed about it; `ownerNotified` then says whether the ' +
          'owner has an address to be told at.',
        querystring: PetDetailsQuery,
        response: { 200: petDetailsAnswer },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const details = await petDetails.data(q, request);
      const sighting = await sightings.record(details, q.latitude, q.longitude, request.ip);
      // An answer that stored a sighting says so to this finder alone: it is not kept.
      return sighting.stored
        ? ok({ ...details, ownerNotified: sighting.ownerNotified })
        : petDetails.send(request, reply, details);
    },
  );
};

export default petRoutes;
