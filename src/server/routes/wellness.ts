import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { WellnessCategory, WellnessCategoryType, WellnessCategoryTypesQuery } from '#shared/contract/wellness';
import { normalizePublicId } from '#shared/contract/pets';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { cachedWellnessRecords, loadWellnessRecords } from '#server/public-pets/wellness-records';
import { listWellnessCategories } from '#server/reference/lookups';
import { serverMessage } from '#server/http/messages';
import { publicRead } from '#server/http/public-reads';

const tags = ['Pet wellness'];

const wellnessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { lookups } = app.failureLimits;

  // Behind the route and a page's render alike (src/server/http/public-reads.ts).
  const categoriesAnswer = envelopeSchema(Type.Array(WellnessCategory));
  const categories = publicRead(app, {
    path: API.wellnessCategories,
    response: categoriesAnswer,
    pageQuery: (params) => (params.size === 0 ? {} : null),
    data: () => listWellnessCategories(app),
    envelope: (list) => ok(list),
  });
  app.get(
    routePath(API.wellnessCategories),
    {
      schema: {
        tags,
        summary: 'Wellness categories (sorted by id)',
        response: { 200: categoriesAnswer },
      },
    },
    async (request, reply) => categories.send(request, reply, await categories.data({}, request)),
  );

  app.get(
    routePath(API.wellnessCategoryTypes),
    {
      schema: {
        tags,
        summary: "The types of a wellness category with a pet's records",
        description:
          `petProfile (the pet id) and publicId must belong to the same pet, else result 0 ` +
          `"${serverMessage('petNotFound')}". ` +
          `A pet whose records are private answers result 0 "${serverMessage('recordsPrivate')}" and no ` +
          `records. Records are newest first.`,
        querystring: WellnessCategoryTypesQuery,
        response: { 200: envelopeSchema(Type.Array(WellnessCategoryType)) },
      },
    },
    async (request) => {
      const { petProfile, categoryId } = request.query;
      const publicId = normalizePublicId(request.query.publicId);
      const result = await lookups.lookUp(request, {
        cached: () => cachedWellnessRecords(app, petProfile, publicId, categoryId),
        load: () => loadWellnessRecords(app, petProfile, publicId, categoryId),
        hit: (found) => found.kind !== 'notFound',
      });
      if (result.kind === 'notFound') throw new UserError('petNotFound');
      if (result.kind === 'private') throw new UserError('recordsPrivate');
      return ok(result.types);
    },
  );
};

export default wellnessRoutes;
