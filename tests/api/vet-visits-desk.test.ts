import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clinicPatients, vetVisits } from '#server/db/schema';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { API } from '#shared/contract/paths';
import type { VetVisit } from '#shared/contract/vet';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { signInBothClinics } from '#tests/support/vet-session';

/**
 * GetVetVisits at a desk (issue 21, item 1): a date range, a search (as GetVetPets searches, accents
 * and case ignored, phone numbers as digits), sorting by date, pet, owner and vet; SPEC.md's call
 * answers as before.
 */
describeOnBothDatabases('Vet visits at a desk: range, search and sort', (ctx) => {
  const signedIn = signInBothClinics(ctx);

  const api = injectApi(() => ctx().app);

  /** The visits a query string lists (some queries here are broken on purpose: the string is sent as it is). */
  async function getVisits(query: string, token = signedIn.demoToken) {
    const res = await api.send(API.vetVisits, { query }, { token });
    return { status: res.statusCode, body: res.json() };
  }

  /** Every visit a query lists, walking its pages. */
  async function allPages(query: string, token = signedIn.demoToken): Promise<{ visits: VetVisit[]; count: number }> {
    const visits: VetVisit[] = [];
    let count = 0;
    for (let page = 1; page < 100; page++) {
      const { body } = await getVisits(`${query}&offset=${page}&limit=7`, token);
      expect(body.result, body.message).toBe(1);
      count = body.data!.count;
      visits.push(...body.data!.visits);
      if (visits.length >= count || body.data!.visits.length === 0) break;
    }
    return { visits, count };
  }

  async function petSearch(term: string): Promise<Set<number>> {
    const res = await api.get(API.vetPets, { offset: 1, limit: 100, searchTerm: term }, { token: signedIn.demoToken });
    return new Set(res.json().data.pets.map((p) => p.ID));
  }

  it("answers SPEC.md's call as before: newest visit date first, then newest id", async () => {
    const { visits } = await allPages('isFinished=2');
    const rows = await ctx()
      .db.select({ id: vetVisits.id })
      .from(vetVisits)
      .where(eq(vetVisits.clinicId, signedIn.demoClinicId))
      .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id));
    expect(visits.map((v) => v.ID)).toEqual(rows.map((r) => r.id));
  });

  it('keeps the visits of a date range (inclusive, either end open), with the status filter', async () => {
    for (const [from, to] of [
      [isoDay(-30), isoDay(0)],
      [isoDay(-3), undefined],
      [undefined, isoDay(-5)],
      [isoDay(0), isoDay(0)],
    ] as const) {
      for (const isFinished of [0, 1, 2] as const) {
        const query = `isFinished=${isFinished}${from ? `&dateFrom=${from}` : ''}${to ? `&dateTo=${to}` : ''}`;
        const { visits, count } = await allPages(query);
        const want = await ctx()
          .db.select({ id: vetVisits.id })
          .from(vetVisits)
          .where(
            and(
              eq(vetVisits.clinicId, signedIn.demoClinicId),
              isFinished === 2 ? undefined : eq(vetVisits.isFinished, isFinished === 1),
              from ? gte(vetVisits.visitDate, from) : undefined,
              to ? lte(vetVisits.visitDate, to) : undefined,
            ),
          )
          .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id));
        expect(
          visits.map((v) => v.ID),
          query,
        ).toEqual(want.map((w) => w.id));
        expect(count, query).toBe(want.length);
      }
    }
    expect((await allPages(`isFinished=2&dateFrom=${isoDay(0)}`)).count).toBeGreaterThan(0);
  });

  it('searches the pet, owner name, phone and e-mail as GetVetPets does, accents and case ignored, phones as digits', async () => {
    const [patient] = await ctx()
      .db.select({ petProfileId: clinicPatients.petProfileId, phone: clinicPatients.ownerPhoneForVet })
      .from(clinicPatients)
      .innerJoin(
        vetVisits,
        and(eq(vetVisits.petProfileId, clinicPatients.petProfileId), eq(vetVisits.clinicId, signedIn.demoClinicId)),
      )
      .where(eq(clinicPatients.clinicId, signedIn.demoClinicId))
      .limit(1);
    await ctx()
      .db.update(clinicPatients)
      .set({ ownerNameForVet: 'Inês Brandão', ownerPhoneForVet: '+351 239 539 317' })
      .where(
        and(eq(clinicPatients.clinicId, signedIn.demoClinicId), eq(clinicPatients.petProfileId, patient.petProfileId)),
      );
    await invalidatePublicCache(ctx().app);
    for (const term of [
      'ines',
      'BRANDAO',
      'inês brandão',
      '351239539317',
      '00351 239 539 317',
      '+351239539317',
      'a',
      'example',
      'zzqx-none',
    ]) {
      const { visits, count } = await allPages(`isFinished=2&searchTerm=${encodeURIComponent(term)}`);
      const pets = await petSearch(term);
      const want = await ctx()
        .db.select({ id: vetVisits.id })
        .from(vetVisits)
        .where(
          and(
            eq(vetVisits.clinicId, signedIn.demoClinicId),
            pets.size ? inArray(vetVisits.petProfileId, [...pets]) : eq(vetVisits.id, -1),
          ),
        )
        .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id));
      expect(
        visits.map((v) => v.ID),
        term,
      ).toEqual(want.map((w) => w.id));
      expect(count, term).toBe(want.length);
      if (['ines', '351239539317', '00351 239 539 317'].includes(term))
        expect(
          visits.some((v) => v.PetProfileID === patient.petProfileId),
          term,
        ).toBe(true);
    }
    // Another clinic's search never reaches this clinic's visits.
    const theirs = await allPages('isFinished=2&searchTerm=ines', signedIn.otherToken);
    expect(theirs.visits.some((v) => v.PetProfileID === patient.petProfileId)).toBe(false);
  });

  it('sorts by date, pet, owner and vet both ways, the same visits in every order', async () => {
    const base = await allPages('isFinished=2');
    const ids = base.visits.map((v) => v.ID).sort((a, b) => a - b);
    const lower = (s: string) => s.toLowerCase();
    const keys: Record<string, (v: VetVisit) => string> = {
      date: (v) => v.VisitDate,
      pet: (v) => lower(v.petName),
      owner: (v) => lower(v.OwnerNameForVet),
      vet: (v) => lower(v.VetName),
    };
    for (const [field, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const { visits } = await allPages(`isFinished=2&sortField=${field}&sortOrder=${order}`);
        expect(
          [...visits.map((v) => v.ID)].sort((a, b) => a - b),
          `${field} ${order}`,
        ).toEqual(ids);
        const values = visits.map(key).filter((v) => v !== '');
        for (let i = 1; i < values.length; i++) {
          if (order === 'asc')
            expect(
              values[i] >= values[i - 1] || values[i].localeCompare(values[i - 1]) >= 0,
              `${field} ${order} at ${i}`,
            ).toBe(true);
          else
            expect(
              values[i] <= values[i - 1] || values[i].localeCompare(values[i - 1]) <= 0,
              `${field} ${order} at ${i}`,
            ).toBe(true);
        }
      }
    }
    // Default directions: date newest first, the others A to Z.
    expect((await allPages('isFinished=2&sortField=date')).visits.map((v) => v.ID)).toEqual(
      base.visits.map((v) => v.ID),
    );
    const byPet = (await allPages('isFinished=2&sortField=pet')).visits.map((v) => lower(v.petName));
    expect(byPet[0] <= byPet[byPet.length - 1]).toBe(true);
  });

  it('a visit without a vet user sorts last both ways', async () => {
    const [visit] = await ctx()
      .db.select({ id: vetVisits.id })
      .from(vetVisits)
      .where(eq(vetVisits.clinicId, signedIn.demoClinicId))
      .orderBy(asc(vetVisits.id))
      .limit(1);
    await ctx().db.update(vetVisits).set({ vetUserId: null }).where(eq(vetVisits.id, visit.id));
    await invalidatePublicCache(ctx().app);
    for (const order of ['asc', 'desc']) {
      const { visits } = await allPages(`isFinished=2&sortField=vet&sortOrder=${order}`);
      expect(visits.at(-1)?.VetName, order).toBe('');
    }
  });

  it("refuses a bad range, sort field or order; a day that does not exist is the user's error", async () => {
    expect((await getVisits(`isFinished=2&dateFrom=${isoDay(0)}&dateTo=${isoDay(-1)}`)).body).toEqual({
      result: 0,
      message: 'Please choose a date range whose start is not after its end.',
      data: null,
    });
    expect((await getVisits('isFinished=2&dateFrom=2026-02-30')).body).toMatchObject({
      result: 0,
      message: 'Please choose a valid date',
    });
    for (const query of ['dateFrom=yesterday', 'sortField=name', 'sortOrder=up', 'dateTo=2026-1-1'])
      expect((await getVisits(`isFinished=2&${query}`)).status, query).toBe(400);
    expect((await getVisits(`isFinished=2&searchTerm=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
