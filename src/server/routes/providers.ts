import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { ProviderByIdQuery, ProviderDetail, ProviderList, ProviderListQuery } from '#shared/contract/providers';
import type { ProviderKind } from '#shared/constants';
import { countries, providerCounts, providers } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import type { ServerMessageKey } from '#server/http/messages';
import { UserError } from '#server/http/errors';
import { containsPattern, pageWindow } from '#server/http/page-params';
import { mediaBase } from '#server/config';
import { cacheTag, publicCache } from '#server/cache/public-cache';
import { keptOkAnswers } from '#server/http/kept-answer';
import { chordTo, dropEmptyCoordinates, geoPoint, greatCircleKm, nearMeKey, nearMePosition, rejectInvalidQuery } from '#server/geo/near-me';

interface KindRoutes {
  kind: ProviderKind;
  tag: string;
  plural: string;
  list: string;
  byId: string;
  notFound: ServerMessageKey;
}

const KINDS: KindRoutes[] = [
  { kind: 'sitter', tag: 'Pet sitters', plural: 'Pet sitters', list: API.petSitters, byId: API.petSitterById, notFound: 'sitterNotFound' },
  { kind: 'trainer', tag: 'Pet trainers', plural: 'Pet trainers', list: API.petTrainers, byId: API.petTrainerById, notFound: 'trainerNotFound' },
  { kind: 'walker', tag: 'Pet walkers', plural: 'Pet walkers', list: API.petWalkers, byId: API.petWalkerById, notFound: 'walkerNotFound' },
  { kind: 'groomer', tag: 'Pet groomers', plural: 'Pet groomers', list: API.petGroomers, byId: API.petGroomerById, notFound: 'groomerNotFound' },
  { kind: 'vet', tag: 'Vets', plural: 'Vets', list: API.vets, byId: API.vetById, notFound: 'vetNotFound' },
];

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
async function listProviders(app: FastifyInstance, kind: ProviderKind, query: ProviderListQuery): Promise<ProviderList> {
  const { page, limit, skip, beyondEnd } = pageWindow(query.offset, query.limit);
  const countryId = optionalId(query.CountryId);
  const term = query.SearchTerm?.trim() ?? '';
  const here = nearMePosition(query);
  const key = `providers:${kind}:${page}:${limit}:${countryId ?? ''}:${term}:${nearMeKey(here)}`;
  return publicCache(app).get(key, async () => {
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
    const pageQuery = beyondEnd
      ? Promise.resolve([])
      : app.db
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
    const countQuery = term
      ? app.db.select({ count: sql<number>`count(*)::int` }).from(providers).where(where)
      : app.db
          .select({ count: sql<number>`coalesce(sum(${providerCounts.n}), 0)::int` })
          .from(providerCounts)
          .where(and(eq(providerCounts.kind, kind), countryId !== null ? eq(providerCounts.countryId, countryId) : undefined));
    const [rows, [{ count }]] = await Promise.all([pageQuery, countQuery]);
    const items = rows.map(({ chordKm, ...item }) => ({ ...item, image: base + item.image, ...(here ? { distanceKm: greatCircleKm(chordKm) } : {}) }));
    return { items, totalCount: count };
  }, [cacheTag.providers(kind)]);
}

async function providerById(app: FastifyInstance, kind: ProviderKind, id: number): Promise<ProviderDetail | null> {
  return publicCache(app).get(`provider:${kind}:${id}`, async () => {
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
    return row ? { ...row, image: mediaBase(app.config) + row.image } : null;
  }, [cacheTag.providers(kind)]);
}

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
            'offset is the 1-based page (below 1 counts as 1); limit defaults to 4 and is capped at 100. Empty parameters are accepted; ' +
            'an empty CountryId means every country. CurrencyId, PricingTypeId, PriceFrom and PriceTo are accepted but have no effect. ' +
            'latitude and longitude (both or neither): items nearest first, each with distanceKm (great-circle km).',
          querystring: ProviderListQuery,
          response: { 200: envelopeSchema(ProviderList) },
        },
        attachValidation: true,
        preValidation: async (request) => dropEmptyCoordinates(request.query),
      },
      async (request, reply) => {
        rejectInvalidQuery(request.validationError);
        return sendList(request, reply, await listProviders(app, k.kind, request.query));
      },
    );

    app.get(
      routePath(k.byId),
      {
        schema: {
          tags: [k.tag],
          summary: `${k.plural}: one by id (data is a list of one)`,
          querystring: ProviderByIdQuery,
          response: { 200: envelopeSchema(Type.Array(ProviderDetail)) },
        },
      },
      async (request) => {
        const detail = await providerById(app, k.kind, request.query.id);
        if (!detail) throw new UserError(k.notFound);
        return ok([detail]);
      },
    );
  }
};

export default providerRoutes;
