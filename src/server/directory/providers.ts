import type { Db } from '#server/db/client';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { ProviderDetail, ProviderList, ProviderListQuery } from '#shared/contract/providers';
import type { ProviderKind } from '#shared/constants';
import { countries, providerCounts, providers } from '#server/db/schema';
import { containsPattern, noRows, pageWindow, pageWithCount, rowCount } from '#server/db/query-helpers';
import { mediaBase } from '#server/config';
import { cacheTag } from '#server/cache/public-cache';
import { chordTo, geoPoint, greatCircleKm, nearMeKey, nearMePosition } from '#server/geo/near-me';
import { imageUrl } from '#server/media/media-url';

/** An empty or numeric query value as an id; empty means "no filter" (null). */
export function optionalId(raw: string | undefined): number | null {
  const v = raw?.trim() ?? '';
  return /^\d{1,9}$/.test(v) ? Number(v) : null;
}

/**
 * A page of providers of one kind with the total: the page walks providers_kind_idx (or
 * providers_kind_country_idx) in id order and stops after the page (docs/decisions/0040); the
 * total comes from provider_counts, or from a count of the matches when there is a search term
 * (docs/decisions/0042).
 */
export async function listProviders(
  app: FastifyInstance,
  kind: ProviderKind,
  query: ProviderListQuery,
): Promise<ProviderList> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  const countryId = optionalId(query.CountryId);
  const term = query.SearchTerm?.trim() ?? '';
  const here = nearMePosition(query);
  const key = `providers:${kind}:${page}:${limit}:${countryId ?? ''}:${term}:${nearMeKey(here)}`;
  return app.publicCache.get(key, async () => {
    const where = and(
      eq(providers.kind, kind),
      countryId !== null ? eq(providers.countryId, countryId) : undefined,
      term ? ilike(providers.name, containsPattern(term)) : undefined,
    );
    const base = mediaBase(app.config);
    // Near me: the GiST index providers_near_idx (kind, point) returns the kind's
    // providers in distance order and stops after the page. No id tiebreak: PostgreSQL 15 would
    // sort every provider of the kind instead (docs/decisions/0070).
    const chord = here ? chordTo(geoPoint(providers.latitude, providers.longitude), here) : null;
    const pageQuery = (tx: Db) =>
      beyondEnd
        ? noRows
        : tx
            .select({
              ID: providers.id,
              name: providers.name,
              image: providers.image,
              speciality: providers.speciality,
              address: providers.address,
              city: providers.city,
              country: countries.title,
              chordKm: chord ?? sql<null>`null`,
            })
            .from(providers)
            .innerJoin(countries, eq(countries.id, providers.countryId))
            .where(where)
            .orderBy(chord ? sql`${chord}` : asc(providers.id))
            .limit(limit)
            .offset(skip);
    // Without a search term the total is read from provider_counts, which triggers keep in step
    // with providers (docs/decisions/0042); a search counts its matches. country_id is NOT NULL
    // and a foreign key, so the page's join drops no provider: the count needs no join.
    const countQuery = (tx: Db) =>
      term
        ? tx.select({ count: rowCount }).from(providers).where(where)
        : tx
            .select({ count: sql<number>`coalesce(sum(${providerCounts.n}), 0)::int` })
            .from(providerCounts)
            .where(
              and(
                eq(providerCounts.kind, kind),
                countryId !== null ? eq(providerCounts.countryId, countryId) : undefined,
              ),
            );
    const { rows, count } = await pageWithCount(app.db, pageQuery, countQuery);
    const items = rows.map(({ chordKm, ...item }) => ({
      ...item,
      image: imageUrl(base, item.image),
      ...(here ? { distanceKm: greatCircleKm(chordKm) } : {}),
    }));
    return { items, totalCount: count };
  }, [cacheTag.providers(kind)]);
}

export async function providerById(
  app: FastifyInstance,
  kind: ProviderKind,
  id: number,
): Promise<ProviderDetail | null> {
  return app.publicCache.get(
    `provider:${kind}:${id}`,
    async () => {
      const [row] = await app.db
        .select({
          ID: providers.id,
          image: providers.image,
          name: providers.name,
          address: providers.address,
          city: providers.city,
          country: countries.title,
          speciality: providers.speciality,
          description: providers.description,
          instagramUrl: providers.instagramUrl,
          websiteUrl: providers.websiteUrl,
          phoneNumber: providers.phoneNumber,
          latitude: providers.latitude,
          longitude: providers.longitude,
        })
        .from(providers)
        .innerJoin(countries, eq(countries.id, providers.countryId))
        .where(and(eq(providers.id, id), eq(providers.kind, kind)))
        .limit(1);
      return row ? { ...row, image: imageUrl(mediaBase(app.config), row.image) } : null;
    },
    [cacheTag.providers(kind)],
  );
}
