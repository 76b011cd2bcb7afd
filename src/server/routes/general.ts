import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  Breed,
  Country,
  DirectoryCountriesQuery,
  DirectoryCountry,
  PetBreedsQuery,
  PetType,
} from '#shared/contract/general';
import { envelopeSchema, ok } from '#server/http/envelope';
import { listBreeds, listCountries, listPetTypes } from '#server/reference/lookups';
import { directoryCountries } from '#server/directory/country-counts';
import { keptOkAnswers } from '#server/http/kept-answer';
import { publicRead } from '#server/http/public-reads';

const tags = ['General'];

const generalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Cached lookups are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendPetTypes = keptOkAnswers();
  const sendBreeds = keptOkAnswers();
  app.get(
    routePath(API.petTypes),
    { schema: { tags, summary: 'Pet types', response: { 200: envelopeSchema(Type.Array(PetType)) } } },
    async (request, reply) => sendPetTypes(request, reply, await listPetTypes(app)),
  );

  // Behind the route and a page's render alike (src/server/http/public-reads.ts).
  const countriesAnswer = envelopeSchema(Type.Array(Country));
  const countries = publicRead(app, {
    path: API.countries,
    response: countriesAnswer,
    pageQuery: (params) => (params.size === 0 ? {} : null),
    data: () => listCountries(app),
    envelope: (list) => ok(list),
  });
  app.get(
    routePath(API.countries),
    { schema: { tags, summary: 'Countries', response: { 200: countriesAnswer } } },
    async (request, reply) => countries.send(request, reply, await countries.data({}, request)),
  );

  // Cached answers are sent from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendDirectoryCountries = keptOkAnswers();
  app.get(
    routePath(API.directoryCountries),
    {
      schema: {
        tags,
        summary: 'Countries with providers (or shelters) in a directory, with their counts (Pawtal addition)',
        description:
          'For the country filter of a directory: each country that has at least one, as { id, count }, ' +
          'most first. Country names come from GetCountries.',
        querystring: DirectoryCountriesQuery,
        response: { 200: envelopeSchema(Type.Array(DirectoryCountry)) },
      },
    },
    async (request, reply) =>
      sendDirectoryCountries(request, reply, await directoryCountries(app, request.query.directory)),
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
