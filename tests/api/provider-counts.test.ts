import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { countries, providerCounts, providers } from '#server/db/schema';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';

const LISTS = [
  { kind: 'sitter', path: API.petSitters },
  { kind: 'trainer', path: API.petTrainers },
  { kind: 'walker', path: API.petWalkers },
  { kind: 'groomer', path: API.petGroomers },
  { kind: 'vet', path: API.vets },
] as const;

/**
 * Provider listings without a search term read their total from provider_counts, which statement
 * triggers keep in step with providers (docs/decisions/0042). The totals must equal a count of the
 * providers after any kind of write, including writes that bypass the app.
 */
describeOnBothDatabases('Provider listing totals from the maintained counts', (ctx) => {
  /** provider_counts without empty rows, against the same grouping of providers. */
  async function expectCountsInStep(): Promise<void> {
    const [kept, actual] = await Promise.all([
      ctx()
        .db.select({ kind: providerCounts.kind, countryId: providerCounts.countryId, n: providerCounts.n })
        .from(providerCounts)
        .where(sql`${providerCounts.n} <> 0`)
        .orderBy(asc(providerCounts.kind), asc(providerCounts.countryId)),
      ctx()
        .db.select({ kind: providers.kind, countryId: providers.countryId, n: sql<number>`count(*)::int` })
        .from(providers)
        .groupBy(providers.kind, providers.countryId)
        .orderBy(asc(providers.kind), asc(providers.countryId)),
    ]);
    expect(kept).toEqual(actual);
  }

  /** Every listing's total (all countries, and each given country) against count(*) over providers. */
  async function expectTotalsRight(countryIds: number[]): Promise<void> {
    invalidatePublicCache(ctx().app); // the writes below bypass HTTP, as a script's would
    for (const l of LISTS) {
      for (const countryId of [null, ...countryIds]) {
        // no country is sent as an empty CountryId, as the directory pages send it
        const query = { offset: 1, limit: 4, CountryId: countryId, SearchTerm: '' };
        const body = (await injectApi(ctx().app).send(l.path, { query })).json();
        const [{ n }] = await ctx()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(providers)
          .where(and(eq(providers.kind, l.kind), countryId === null ? undefined : eq(providers.countryId, countryId)));
        expect({ kind: l.kind, countryId, total: body.data.totalCount }).toEqual({ kind: l.kind, countryId, total: n });
      }
    }
  }

  async function someCountries(): Promise<number[]> {
    const used = await ctx()
      .db.selectDistinct({ id: providers.countryId })
      .from(providers)
      .orderBy(asc(providers.countryId))
      .limit(2);
    const [unused] = await ctx()
      .db.select({ id: countries.id })
      .from(countries)
      .orderBy(sql`${countries.id} desc`)
      .limit(1);
    return [...used.map((u) => u.id), unused.id];
  }

  it('after the seed: counts in step, and every total right', async () => {
    await expectCountsInStep();
    await expectTotalsRight(await someCountries());
  });

  it('a search term still counts its own matches', async () => {
    const res = await injectApi(ctx().app).send(API.petSitters, { query: 'offset=1&limit=4&CountryId=&SearchTerm=a' });
    const [{ n }] = await ctx()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(providers)
      .where(and(eq(providers.kind, 'sitter'), sql`${providers.name} ilike '%a%'`));
    expect(res.json().data.totalCount).toBe(n);
  });

  it('follows inserts, moves between kinds and countries, deletes and truncation', async () => {
    const countryIds = await someCountries();
    const [a, b, c] = countryIds;
    const [{ image }] = await ctx().db.select({ image: providers.image }).from(providers).limit(1);

    // A multi-row insert over several kinds and countries, one of them new to provider_counts.
    const inserted = await ctx()
      .db.insert(providers)
      .values([
        { kind: 'sitter', name: 'Count Test 1', image, countryId: a },
        { kind: 'sitter', name: 'Count Test 2', image, countryId: a },
        { kind: 'vet', name: 'Count Test 3', image, countryId: b },
        { kind: 'groomer', name: 'Count Test 4', image, countryId: c },
      ])
      .returning({ id: providers.id });
    const ids = inserted.map((r) => r.id);
    await expectCountsInStep();
    await expectTotalsRight(countryIds);

    // Moves: kind and country changed in one statement, and an update that changes neither.
    await ctx()
      .db.update(providers)
      .set({ kind: 'walker', countryId: c })
      .where(inArray(providers.id, ids.slice(0, 2)));
    await ctx().db.update(providers).set({ name: 'Renamed' }).where(eq(providers.id, ids[2]));
    await expectCountsInStep();
    await expectTotalsRight(countryIds);

    await ctx().db.delete(providers).where(inArray(providers.id, ids));
    await expectCountsInStep();
    await expectTotalsRight(countryIds);

    // Concurrent single-row inserts (separate statements) all counted.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx()
          .db.insert(providers)
          .values({ kind: 'trainer', name: `Parallel ${i}`, image, countryId: a }),
      ),
    );
    await expectCountsInStep();
    await expectTotalsRight(countryIds);

    await ctx().db.execute(sql`truncate ${providers}`);
    await expectCountsInStep();
    await expectTotalsRight(countryIds);
  });
});
