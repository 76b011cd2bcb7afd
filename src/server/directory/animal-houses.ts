import type { Db } from '#server/db/client';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { AnimalHouseList, AnimalHouseListQuery } from '#shared/contract/providers';
import { countries, petProfiles, shelters } from '#server/db/schema';
import { containsPattern, noRows, pageWindow, pageWithCount, rowCount } from '#server/db/query-helpers';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';
import { optionalId } from '#server/directory/providers';

/** A page of the shelters and rescues directory with the total, through the public cache. */
export function listAnimalHouses(app: FastifyInstance, query: AnimalHouseListQuery): Promise<AnimalHouseList> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  const countryId = optionalId(query.CountryId);
  const term = query.SearchTerm?.trim() ?? '';
  return app.publicCache.get(
    `shelters:${page}:${limit}:${countryId ?? ''}:${term}`,
    async () => {
      const where = and(
        countryId !== null ? eq(shelters.countryId, countryId) : undefined,
        term ? ilike(shelters.name, containsPattern(term)) : undefined,
      );
      const base = mediaBase(app.config);
      // The page stops after `limit` rows (shelters_pkey or shelters_country_idx in id order); the total is a separate
      // count.
      const pageQuery = (tx: Db) =>
        beyondEnd
          ? noRows
          : tx
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
                petsForAdoption: sql<number>`(select count(*)::int from ${petProfiles}
                where ${petProfiles.shelterId} = ${shelters.id} and ${petProfiles.isForAdoption})`,
              })
              .from(shelters)
              .leftJoin(countries, eq(countries.id, shelters.countryId))
              .where(where)
              .orderBy(asc(shelters.id))
              .limit(limit)
              .offset(skip);
      const { rows, count } = await pageWithCount(app.db, pageQuery, (tx) =>
        tx.select({ count: rowCount }).from(shelters).where(where),
      );
      return { items: rows.map((item) => ({ ...item, image: imageUrl(base, item.image) })), totalCount: count };
    },
    [cacheTag.providers('shelters'), cacheTag.pets],
  );
}
