import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  ConfirmFoundPetBody,
  FoundPetCard,
  FoundPetDetails,
  FoundPetMatch,
  FoundPetMatchesQuery,
  FoundPetQuery,
  FoundPetReported,
  FoundPetsQuery,
  ManagedFoundPet,
  ManageFoundPetBody,
} from '#shared/contract/found-pets';
import { FOUND_COLORS, FOUND_PHOTOS_MAX, FOUND_REPORT_DAYS } from '#shared/found-pets';
import { foundReportForm } from '#shared/forms/lost-found-forms';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BODY_LIMIT } from '#server/http/body-limits';
import { errorAnswers } from '#server/http/error-answers';
import { UserError } from '#server/http/errors';
import { formRoute, readForm } from '#server/http/form-body';
import { keptOkAnswers } from '#server/http/kept-answer';
import { requestLanguage } from '#server/http/request-language';
import { markChanged } from '#server/cache/public-cache';
import { prepareCoordinates, nearMePosition, rejectInvalidQuery } from '#server/geo/near-me';
import { confirmFoundPet, manageFoundPet, reportFoundPet, reportOfFinder } from '#server/found-pets/reports';
import { listFoundPets, loadFoundPet } from '#server/found-pets/public-reports';
import { matchesOfReport } from '#server/found-pets/matching';

const tags = ['Found pets'];
const privacy =
  'Places in public answers are rounded to about 500 m; the finder’s exact place goes only to owners of matching ' +
  'lost pets, and no answer carries an e-mail address.';

/** Found pets (issue 34, docs/decisions/0150): reports, their public listing and page, the finder's private link. */
const foundPetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.reportFoundPet),
    formRoute(
      foundReportForm,
      {
        tags,
        summary: 'Report a found pet',
        description:
          'Multipart: a `json` part `{ petTypeId, petBreedId, colors, size, latitude, longitude, foundDate, note, ' +
          'email }` and one to three `imageFile` parts (JPEG, PNG, WebP, GIF, AVIF; 5 MB each; re-encoded without ' +
          `metadata). colors: one to three of ${FOUND_COLORS.join(', ')}. The report waits for the finder to follow ` +
          'the link e-mailed to them (ConfirmFoundPet), which also lets them manage it. A broken rule answers result ' +
          '0 with its message; more reports, messages and subscriptions than the hourly limit from one address 429.',
        response: { 200: envelopeSchema(FoundPetReported), ...errorAnswers(400, 413, 429) },
      },
      { max: FOUND_PHOTOS_MAX, description: 'one to three photos of the pet' },
    ),
    async (request) => {
      // nothing is listed before the finder confirms
      markChanged(request, []);
      const { values, files } = await readForm(request, foundReportForm);
      return ok(await reportFoundPet(app, request, values, files, requestLanguage(request)));
    },
  );

  app.post(
    routePath(API.confirmFoundPet),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: 'Confirm a found-pet report (the link of its e-mail)',
        description:
          `token: from the confirmation e-mail. A waiting report is listed for ${FOUND_REPORT_DAYS} days and ` +
          'scored against the lost pets at once (their owners are e-mailed about good matches); a report confirmed ' +
          'before answers as it is. An unknown or expired token answers result 0, and counts against the ' +
          'address’s failed token calls (429 past the limit).',
        body: ConfirmFoundPetBody,
        response: { 200: envelopeSchema(ManagedFoundPet), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await confirmFoundPet(app, request, request.body.token)),
  );

  app.post(
    routePath(API.manageFoundPet),
    {
      schema: {
        tags,
        summary: 'Mark a found pet reunited, withdraw its report or renew it (the finder’s link)',
        description:
          'reunited: the page says the pet is home (until the report expires); withdraw: gone from every public ' +
          `path; renew: listed ${FOUND_REPORT_DAYS} more days from now (an expired report too). A closed report or ` +
          'a bad token answers result 0.',
        body: ManageFoundPetBody,
        response: { 200: envelopeSchema(ManagedFoundPet), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await manageFoundPet(app, request, request.body)),
  );

  const sendList = keptOkAnswers();
  app.get(
    routePath(API.foundPets),
    {
      schema: {
        tags,
        summary: 'Found pets, newest first or nearest first',
        description:
          'Open reports of a type (petTypeId; empty: every type). offset is the 1-based page (beyond the last page ' +
          'the list is empty); limit defaults to 4 and is capped at 100. latitude and longitude (both or neither): ' +
          `nearest their rounded place first, each with distanceKm to it. ${privacy}`,
        querystring: FoundPetsQuery,
        response: { 200: envelopeSchema(Type.Array(FoundPetCard)), ...errorAnswers(400) },
      },
      attachValidation: true,
      preValidation: async (request) => {
        prepareCoordinates(request.query);
        const query = request.query as Record<string, unknown>;
        if (query.petTypeId === '') delete query.petTypeId;
      },
    },
    async (request, reply) => {
      rejectInvalidQuery(request.validationError);
      return sendList(request, reply, await listFoundPets(app, request.query, nearMePosition(request.query)));
    },
  );

  const sendReport = keptOkAnswers();
  app.get(
    routePath(API.foundPet),
    {
      schema: {
        tags,
        summary: 'One found pet’s public page',
        description:
          'An open report, or one whose pet is home again (status reunited). Any other id answers result 0. ' + privacy,
        querystring: FoundPetQuery,
        response: { 200: envelopeSchema(FoundPetDetails), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const report = await loadFoundPet(app, request.query.foundPetId);
      if (!report) throw new UserError('foundPetNotFound');
      return sendReport(request, reply, report);
    },
  );

  app.get(
    routePath(API.foundPetMatches),
    {
      schema: {
        tags,
        summary: 'The lost pets a found pet may be (the finder’s link)',
        description:
          'foundPetId and the token of the finder’s e-mail. At most 10 lost pets, best score first ' +
          '(docs/decisions/0151: type, breed, colours and the photos’ colours, size, distance up to 50 km and ' +
          'days since lost); never kept by a cache. A bad token answers result 0 (429 past the failed-token limit).',
        querystring: FoundPetMatchesQuery,
        response: { 200: envelopeSchema(Type.Array(FoundPetMatch)), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      const report = await reportOfFinder(app, request, request.query.foundPetId, request.query.token);
      return ok(await matchesOfReport(app, report));
    },
  );
};

export default foundPetRoutes;
