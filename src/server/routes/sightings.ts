import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { PetSightingsQuery, PetSightingsResult } from '#shared/contract/sightings';
import { mediaBase } from '#server/config';
import { petProfiles } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { listSightings, petOfSightingLink } from '#server/sightings/sighting-links';
import { imageUrl } from '#server/media/media-url';

/** The owner's sightings page: only the holder of a link from a sighting e-mail sees a pet's sightings. */
const sightingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);
  app.get(
    routePath(API.petSightings),
    {
      schema: {
        tags: ['Pets'],
        summary: "A lost pet's sightings, for its owner",
        description:
          'token: the private link of a sighting e-mail (random, stored hashed, valid for the sighting retention period). ' +
          'Every retained sighting of that one pet, newest first. An unknown or expired token gets result 0.',
        querystring: PetSightingsQuery,
        response: { 200: envelopeSchema(PetSightingsResult) },
      },
    },
    async (request) => {
      const petProfileId = await petOfSightingLink(app.db, request.query.token ?? '');
      if (petProfileId === null) throw new UserError('sightingsLinkInvalid');
      const [[pet], sightings] = await Promise.all([
        app.db
          .select({ name: petProfiles.name, publicId: petProfiles.publicId, imagePath: petProfiles.imagePath, isLost: petProfiles.isLost })
          .from(petProfiles)
          .where(eq(petProfiles.id, petProfileId)),
        listSightings(app.db, petProfileId),
      ]);
      if (!pet) throw new UserError('sightingsLinkInvalid');
      return ok({
        petName: pet.name,
        publicId: pet.publicId,
        petImage: imageUrl(base, pet.imagePath),
        isLost: pet.isLost,
        retentionDays: app.config.sightingRetentionDays,
        sightings: sightings.map((s) => ({ id: s.id, latitude: s.latitude, longitude: s.longitude, seenAt: s.seenAt.toISOString() })),
      });
    },
  );
};

export default sightingRoutes;
