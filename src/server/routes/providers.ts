import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { ProviderByIdQuery, ProviderDetail, ProviderList, ProviderListQuery } from '#shared/contract/providers';
import type { ProviderKind } from '#shared/constants';
import { envelopeSchema, ok } from '#server/http/envelope';
import type { ServerMessageKey } from '#server/http/messages';
import { UserError } from '#server/http/errors';
import { prepareCoordinates, rejectInvalidQuery } from '#server/geo/near-me';
import { listProviders, providerById } from '#server/directory/providers';
import { keptOkAnswers } from '#server/http/kept-answer';
import { onlyParams, publicRead } from '#server/http/public-reads';

interface KindRoutes {
  kind: ProviderKind;
  tag: string;
  plural: string;
  list: string;
  byId: string;
  notFound: ServerMessageKey;
}

const KINDS: KindRoutes[] = [
  {
    kind: 'sitter',
    tag: 'Pet sitters',
    plural: 'Pet sitters',
    list: API.petSitters,
    byId: API.petSitterById,
    notFound: 'sitterNotFound',
  },
  {
    kind: 'trainer',
    tag: 'Pet trainers',
    plural: 'Pet trainers',
    list: API.petTrainers,
    byId: API.petTrainerById,
    notFound: 'trainerNotFound',
  },
  {
    kind: 'walker',
    tag: 'Pet walkers',
    plural: 'Pet walkers',
    list: API.petWalkers,
    byId: API.petWalkerById,
    notFound: 'walkerNotFound',
  },
  {
    kind: 'groomer',
    tag: 'Pet groomers',
    plural: 'Pet groomers',
    list: API.petGroomers,
    byId: API.petGroomerById,
    notFound: 'groomerNotFound',
  },
  { kind: 'vet', tag: 'Vets', plural: 'Vets', list: API.vets, byId: API.vetById, notFound: 'vetNotFound' },
];

/** An id as the page asks for it: an integer without a sign's plus or leading zeros, read alike by the query schema. */
const PLAIN_ID = /^(0|-?[1-9]\d{0,8})$/;

/** The five provider directories: one implementation over the providers table, told apart by kind. */
const providerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const k of KINDS) {
    // Cached pages are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
    const sendList = keptOkAnswers();
    app.get(
      routePath(k.list),
      {
        schema: {
          tags: [k.tag],
          summary: `${k.plural}: a page of the directory`,
          description:
            'offset is the 1-based page (below 1 counts as 1); limit defaults to 4 and is capped at 100. ' +
            'Empty parameters are accepted; ' +
            'an empty CountryId means every country. CurrencyId, PricingTypeId, PriceFrom and PriceTo are ' +
            'accepted but have no effect. ' +
            'latitude and longitude (both or neither): items nearest first, each with distanceKm (great-circle km).',
          querystring: ProviderListQuery,
          response: { 200: envelopeSchema(ProviderList) },
        },
        attachValidation: true,
        preValidation: async (request) => prepareCoordinates(request.query),
      },
      async (request, reply) => {
        rejectInvalidQuery(request.validationError);
        return sendList(request, reply, await listProviders(app, k.kind, request.query));
      },
    );

    // Behind the route and a page's render alike (src/server/http/public-reads.ts).
    const byIdAnswer = envelopeSchema(Type.Array(ProviderDetail));
    const byId = publicRead(app, {
      path: k.byId,
      response: byIdAnswer,
      pageQuery: (params) => {
        const id = params.get('id');
        return onlyParams(params, ['id']) && id !== null && PLAIN_ID.test(id) ? { id: Number(id) } : null;
      },
      data: async ({ id }: ProviderByIdQuery) => {
        const detail = await providerById(app, k.kind, id);
        if (!detail) throw new UserError(k.notFound);
        return detail;
      },
      envelope: (detail) => ok([detail]),
    });
    app.get(
      routePath(k.byId),
      {
        schema: {
          tags: [k.tag],
          summary: `${k.plural}: one by id (data is a list of one)`,
          querystring: ProviderByIdQuery,
          response: { 200: byIdAnswer },
        },
      },
      async (request, reply) => byId.send(request, reply, await byId.data(request.query, request)),
    );
  }
};

export default providerRoutes;
