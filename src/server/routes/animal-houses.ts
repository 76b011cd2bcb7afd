import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { AnimalHouseList, AnimalHouseListQuery } from '#shared/contract/providers';
import { envelopeSchema } from '#server/http/envelope';
import { keptOkAnswers } from '#server/http/kept-answer';
import { listAnimalHouses } from '#server/directory/animal-houses';

/** Pawtal addition: the shelters and rescues of the /AnimalHouse directory. */
const animalHouseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Cached pages are answered from bytes kept per cache entry (src/server/http/kept-answer.ts).
  const sendList = keptOkAnswers();
  app.get(
    routePath(API.animalHouses),
    {
      schema: {
        tags: ['Animal houses'],
        summary: 'Shelters and rescues: a page of the directory (Pawtal addition)',
        description:
          'Same paging as the provider lists (offset is the 1-based page); an empty CountryId means every country.',
        querystring: AnimalHouseListQuery,
        response: { 200: envelopeSchema(AnimalHouseList) },
      },
    },
    async (request, reply) => sendList(request, reply, await listAnimalHouses(app, request.query)),
  );
};

export default animalHouseRoutes;
