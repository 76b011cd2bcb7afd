import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Directory, DirectoryCountry } from '#shared/contract/general';
import { providerCounts, shelters } from '#server/db/schema';
import { cacheTag } from '#server/cache/public-cache';

/**
 * The countries that have providers of a kind (or shelters), with how many, most first: what a
 * directory's country filter offers first. Providers are counted by provider_counts, which triggers
 * keep in step (docs/decisions/0042): a read of at most one row per country. Shelters are few and
 * counted. Through the public cache, dropped when that directory changes.
 */
export function directoryCountries(app: FastifyInstance, directory: Directory): Promise<DirectoryCountry[]> {
  if (directory === 'shelter') {
    return app.publicCache.get(
      'directory-countries:shelter',
      () =>
        app.db
          .select({ id: shelters.countryId, count: count() })
          .from(shelters)
          .where(isNotNull(shelters.countryId))
          .groupBy(shelters.countryId)
          .orderBy(desc(count()), shelters.countryId)
          .then((rows) => rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: r.count }]))),
      [cacheTag.providers('shelters')],
    );
  }
  return app.publicCache.get(
    `directory-countries:${directory}`,
    () =>
      app.db
        .select({ id: providerCounts.countryId, count: providerCounts.n })
        .from(providerCounts)
        .where(and(eq(providerCounts.kind, directory), gt(providerCounts.n, 0)))
        .orderBy(desc(providerCounts.n), providerCounts.countryId),
    [cacheTag.providers(directory)],
  );
}
