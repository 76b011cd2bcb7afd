import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { Breed, Country, PetBreedsQuery, PetType } from '#shared/contract/general';
import { envelopeSchema, ok } from '#server/http/envelope';
import { listBreeds, listCountries, listPetTypes } from '#server/reference/lookups';

const tags = ['General'];

const generalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    routePath(API.petTypes),
    { schema: { tags, summary: 'Pet types', response: { 200: envelopeSchema(Type.Array(PetType)) } } },
    async () => ok(await listPetTypes(app)),
  );

  app.get(
    routePath(API.countries),
    { schema: { tags, summary: 'Countries', response: { 200: envelopeSchema(Type.Array(Country)) } } },
    async () => ok(await listCountries(app)),
  );

  app.get(
    routePath(API.petBreeds),
    {
      schema: {
        tags,
        summary: 'Breeds of a pet type',
        querystring: PetBreedsQuery,
        response: { 200: envelopeSchema(Type.Array(Breed)) },
      },
    },
    async (request) => ok(await listBreeds(app, request.query.PetTypeId)),
  );
};

export default generalRoutes;
