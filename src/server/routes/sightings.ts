import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { PetSightingsQuery, PetSightingsResult } from '#shared/contract/sightings';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { sightingsOfLink } from '#server/sightings/sighting-links';

/** The owner's sightings page: only the holder of a link from a sighting e-mail sees a pet's sightings. */
const sightingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    routePath(API.petSightings),
    {
      schema: {
        tags: ['Pets'],
        summary: "A lost pet's sightings, for its owner",
        description:
          'token: the private link of a sighting e-mail (random, stored hashed, valid for the sighting ' +
          'retention period). ' +
          'Every retained sighting of that one pet, newest first. An unknown or expired token gets result 0.',
        querystring: PetSightingsQuery,
        response: { 200: envelopeSchema(PetSightingsResult) },
      },
    },
    async (request) => {
      const page = await sightingsOfLink(app, request.query.token ?? '');
      if (!page) throw new UserError('sightingsLinkInvalid');
      return ok(page);
    },
  );
};

export default sightingRoutes;
