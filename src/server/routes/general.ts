import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { Breed, Country, PetBreedsQuery, PetType } from '#shared/contract/general';
import { countries, petBreeds, petTypes } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { mediaBase } from '#server/config';

const tags = ['General'];

const generalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.get(
    routePath(API.petTypes),
    { schema: { tags, summary: 'Pet types', response: { 200: envelopeSchema(Type.Array(PetType)) } } },
    async () => {
      const rows = await app.db.select().from(petTypes).orderBy(asc(petTypes.id));
      return ok(rows.map((r) => ({ id: r.id, title: r.title, image: base + r.image })));
    },
  );

  app.get(
    routePath(API.countries),
    { schema: { tags, summary: 'Countries', response: { 200: envelopeSchema(Type.Array(Country)) } } },
    async () => {
      const rows = await app.db.select().from(countries).orderBy(asc(countries.title));
      return ok(rows);
    },
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
    async (request) => {
      const rows = await app.db
        .select({ id: petBreeds.id, title: petBreeds.title })
        .from(petBreeds)
        .where(eq(petBreeds.petTypeId, request.query.PetTypeId))
        .orderBy(asc(petBreeds.title));
      return ok(rows);
    },
  );
};

export default generalRoutes;
