import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { PetSightingsQuery, PetSightingsResult } from '#shared/contract/sightings';
import { ReportSightingBody, SightingReported } from '#shared/contract/relay';
import { SIGHTING_NOTE_MAX } from '#shared/found-pets';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { UserError } from '#server/http/errors';
import { reservePublicWrite } from '#server/http/write-limit';
import { markChanged } from '#server/cache/public-cache';
import { lookUpPetDetails, petKeyOf } from '#server/public-pets/pet-details';
import { sightingsOfLink } from '#server/sightings/sighting-links';
import { storeSighting } from '#server/sightings/store';

/**
 * The owner's sightings page (only the holder of a link from a sighting e-mail sees a pet's sightings), and a
 * finder's sighting with a note.
 */
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

  app.post(
    routePath(API.reportSighting),
    {
      schema: {
        tags: ['Pets'],
        summary: 'Tell a lost pet’s owner where you saw it, with a note',
        description:
          `{ publicId, latitude, longitude, note } (note: at most ${SIGHTING_NOTE_MAX} characters, e.g. "she ran ` +
          'towards the river"). Stored as a sighting for the owner only (never shown to other visitors or logged) ' +
          'and e-mailed to them like every sighting. A pet that is not lost, or the position 0,0, answers result 0.',
        body: ReportSightingBody,
        response: { 200: envelopeSchema(SightingReported), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      markChanged(request, []);
      const { publicId, latitude, longitude, note } = request.body;
      if (latitude === 0 && longitude === 0) throw new UserError('sightingPositionRequired');
      const pet = await lookUpPetDetails(app, request, petKeyOf({ publicId }));
      if (!pet) throw new UserError('petNotFound');
      if (!pet.isLost) throw new UserError('petNotLost');
      await reservePublicWrite(app, request);
      const { ownerNotified } = await storeSighting(
        app.db,
        pet.petId,
        { latitude, longitude },
        {
          retentionDays: app.config.sightingRetentionDays,
          emailIntervalMinutes: app.config.sightingEmailIntervalMinutes,
          note,
        },
      );
      if (ownerNotified) app.mail.nudge();
      return ok({ ownerNotified });
    },
  );
};

export default sightingRoutes;
