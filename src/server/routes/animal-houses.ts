import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { AnimalHouseList, AnimalHouseListQuery } from '#shared/contract/providers';
import { countries, petProfiles, shelters } from '#server/db/schema';
import { envelopeSchema } from '#server/http/envelope';
import { containsPattern, pageWindow } from '#server/http/page-params';
import { mediaBase } from '#server/config';
import { cacheTag, publicCache } from '#server/cache/public-cache';
import { keptOkAnswers } from '#server/http/kept-answer';
import { optionalId } from '#server/routes/providers';

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
        description: 'Same paging as the provider lists (offset is the 1-based page); an empty CountryId means every country.',
        querystring: AnimalHouseListQuery,
        response: { 200: envelopeSchema(AnimalHouseList) },
      },
    },
    async (request, reply) => {
      const { page, limit, skip, beyondEnd } = pageWindow(request.query.offset, request.query.limit);
      const countryId = optionalId(request.query.CountryId);
      const term = request.query.SearchTerm?.trim() ?? '';
      const data = await publicCache(app).get(`shelters:${page}:${limit}:${countryId ?? ''}:${term}`, async () => {
        const where = and(countryId !== null ? eq(shelters.countryId, countryId) : undefined, term ? ilike(shelters.name, containsPattern(term)) : undefined);
        const base = mediaBase(app.config);
        // The page stops after `limit` rows (shelters_pkey or shelters_country_idx in id order); the total is a separate count.
        const pageQuery = beyondEnd
          ? Promise.resolve([])
          : app.db
              .select({
                ID: shelters.id,
                name: shelters.name,
                image: shelters.image,
                description: shelters.description,
                address: shelters.address,
                city: shelters.city,
                country: sql<string>`coalesce(${countries.title}, '')`,
                phoneNumber: shelters.phoneNumber,
                email: shelters.email,
                websiteUrl: shelters.websiteUrl,
                latitude: shelters.latitude,
                longitude: shelters.longitude,
                petsForAdoption: sql<number>`(select count(*)::int from ${petProfiles} where ${petProfiles.shelterId} = ${shelters.id} and ${petProfiles.isForAdoption})`,
              })
              .from(shelters)
              .leftJoin(countries, eq(countries.id, shelters.countryId))
              .where(where)
              .orderBy(asc(shelters.id))
              .limit(limit)
              .offset(skip);
        const [rows, [{ count }]] = await Promise.all([pageQuery, app.db.select({ count: sql<number>`count(*)::int` }).from(shelters).where(where)]);
        return { items: rows.map((item) => ({ ...item, image: base + item.image })), totalCount: count };
      }, [cacheTag.providers('shelters'), cacheTag.pets]);
      return sendList(request, reply, data);
    },
  );
};

export default animalHouseRoutes;
