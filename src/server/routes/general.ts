import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { Breed, Country, PetBreedsQuery, PetType } from '#shared/contract/general';
import { envelopeSchema } from '#server/http/envelope';
import { keptOkAnswers } from '#server/http/kept-answer';
import { listBreeds, listCountries, listPetTypes } from '#server/reference/lookups';

const tags = ['General'];

const generalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Cached lookups are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendPetTypes = keptOkAnswers();
  const sendCountries = keptOkAnswers();
  const sendBreeds = keptOkAnswers();
  app.get(
    routePath(API.petTypes),
    { schema: { tags, summary: 'Pet types', response: { 200: envelopeSchema(Type.Array(PetType)) } } },
    async (request, reply) => sendPetTypes(request, reply, await listPetTypes(app)),
  );

  app.get(
    routePath(API.countries),
    { schema: { tags, summary: 'Countries', response: { 200: envelopeSchema(Type.Array(Country)) } } },
    async (request, reply) => sendCountries(request, reply, await listCountries(app)),
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
    async (request, reply) => sendBreeds(request, reply, await listBreeds(app, request.query.PetTypeId)),
  );
};

export default generalRoutes;
