import { parse as parseCsv } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import {
  CATEGORY_TYPE_ANTIPARASITIC,
  CATEGORY_TYPE_VACCINATION,
  PET_DUE_STATUSES,
  type PetDueStatus,
} from '#shared/constants';
import type { VetPet } from '#shared/contract/vet';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { clinicPatients, clinics, wellnessRecords } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * The Pets grid's "Due" column (issue 33, item 6): each pet's reminder status from its open reminders at the clinic
 * (overdue before today, due within 30 days, else up to date), sorted overdue first and filtered on the server, in
 * the CSV export; a reminder marked done or done since no longer counts.
 */
describeOnBothDatabases('Vet pets: the reminder status ("Due")', (ctx) => {
  let token = '';
  let clinicId = 0;
  /** three of the demo clinic's pets: one overdue, one due in 10 days, one up to date */
  let overdue = 0;
  let dueSoon = 0;
  let upToDate = 0;
  let overdueReminder = 0;
  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = clinic.id;
    const patients = await ctx()
      .db.select({ petProfileId: clinicPatients.petProfileId })
      .from(clinicPatients)
      .where(eq(clinicPatients.clinicId, clinicId))
      .orderBy(asc(clinicPatients.id))
      .limit(3);
    [overdue, dueSoon, upToDate] = patients.map((p) => p.petProfileId);
    const three = [overdue, dueSoon, upToDate];
    // their seeded reminders out of the way, then each its own
    await ctx()
      .db.update(wellnessRecords)
      .set({ nextReminderDate: null })
      .where(and(eq(wellnessRecords.clinicId, clinicId), inArray(wellnessRecords.petProfileId, three)));
    const record = (petProfileId: number, recordValue: string, actionDate: string, nextReminderDate: string) => ({
      petProfileId,
      clinicId,
      categoryTypeId: CATEGORY_TYPE_VACCINATION,
      recordValue,
      actionDate,
      nextReminderDate,
    });
    const inserted = await ctx()
      .db.insert(wellnessRecords)
      .values([
        record(overdue, 'Due test A', isoDay(-360), isoDay(-5)),
        record(dueSoon, 'Due test B', isoDay(-355), isoDay(10)),
        // overdue, but given again since: done; the later one is due in 90 days
        record(upToDate, 'Due test C', isoDay(-400), isoDay(-30)),
        record(upToDate, 'Due test C', isoDay(-20), isoDay(90)),
        // overdue, but marked done by staff
        { ...record(upToDate, 'Due test D', isoDay(-300), isoDay(-3)), reminderState: 'done' },
        // an antiparasitic counts as well: due in 30 days (the window's last day) for the pet due soon
        {
          ...record(dueSoon, 'Due test E', isoDay(-60), isoDay(30)),
          categoryTypeId: CATEGORY_TYPE_ANTIPARASITIC,
        },
      ])
      .returning({ id: wellnessRecords.id });
    overdueReminder = inserted[0].id;
    await invalidatePublicCache(ctx().app);
  });

  async function allPets(query: string): Promise<VetPet[]> {
    const out: VetPet[] = [];
    for (let page = 1; page < 100; page++) {
      const res = await api.send(API.vetPets, { query: `offset=${page}&limit=100&searchTerm=&${query}` });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      out.push(...body.data.pets);
      if (out.length >= body.data.count || body.data.pets.length === 0) return out;
    }
    return out;
  }
  const statusOf = (pets: VetPet[], id: number) => pets.find((p) => p.ID === id)?.dueStatus;
  const rank = (s: PetDueStatus) => PET_DUE_STATUSES.indexOf(s);

  it('answers each pet with its status: overdue, due within 30 days, up to date', async () => {
    const pets = await allPets('');
    expect(statusOf(pets, overdue)).toBe('overdue');
    expect(statusOf(pets, dueSoon)).toBe('due');
    expect(statusOf(pets, upToDate)).toBe('upToDate');
  });

  it('filters on the status: each filter lists exactly the pets with it, and together they are every pet', async () => {
    const pets = await allPets('');
    let total = 0;
    for (const status of PET_DUE_STATUSES) {
      const filtered = await allPets(`dueStatus=${status}`);
      expect(
        filtered.every((p) => p.dueStatus === status),
        status,
      ).toBe(true);
      expect(filtered.map((p) => p.ID).sort(), status).toEqual(
        pets
          .filter((p) => p.dueStatus === status)
          .map((p) => p.ID)
          .sort(),
      );
      total += filtered.length;
    }
    expect(total).toBe(pets.length);
    expect((await allPets('dueStatus=overdue')).map((p) => p.ID)).toContain(overdue);
    expect((await allPets('dueStatus=due')).map((p) => p.ID)).toContain(dueSoon);
    expect((await allPets('dueStatus=upToDate')).map((p) => p.ID)).toContain(upToDate);
  });

  it('sorts on the status, overdue first, across pages', async () => {
    const ascending = await allPets('sortField=due&sortOrder=asc');
    const ranks = ascending.map((p) => rank(p.dueStatus));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ascending[0].dueStatus).toBe('overdue');
    const descending = await allPets('sortField=due&sortOrder=desc');
    expect(descending.map((p) => rank(p.dueStatus))).toEqual([...ranks].sort((a, b) => b - a));
    // pages of 5 give the same order as one page
    const paged: VetPet[] = [];
    for (let page = 1; paged.length < ascending.length; page++) {
      const res = await api.send(API.vetPets, { query: `offset=${page}&limit=5&sortField=due&sortOrder=asc` });
      const got = res.json().data.pets as VetPet[];
      if (got.length === 0) break;
      paged.push(...got);
    }
    expect(paged.map((p) => p.ID)).toEqual(ascending.map((p) => p.ID));
  });

  it('the CSV export filters and sorts the same way and says the status in words', async () => {
    const listed = await allPets('sortField=due&sortOrder=asc&dueStatus=overdue');
    const res = await api.send(API.exportVetPets, {
      query: 'searchTerm=&sortField=due&sortOrder=asc&dueStatus=overdue',
    });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')) as string[][];
    const due = rows[0].indexOf('Due');
    expect(due).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((p) => p.petName));
    expect(rows.slice(1).every((r) => r[due] === 'Overdue')).toBe(true);
    const es = await api.send(
      API.exportVetPets,
      { query: 'searchTerm=&dueStatus=due' },
      { headers: { 'accept-language': 'es' } },
    );
    const esRows = parseCsv(es.body.replace(/^\uFEFF/, '')) as string[][];
    expect(esRows.slice(1).every((r) => r[r.length - 1] === 'Vence pronto')).toBe(true);
  });

  it('a reminder marked done no longer makes its pet overdue', async () => {
    const res = await api.send(API.updateVetReminder, {
      json: { reminderId: overdueReminder, action: 'done', version: 0 },
    });
    expect(res.json()).toMatchObject({ result: 1 });
    const pets = await allPets('');
    expect(statusOf(pets, overdue)).toBe('upToDate');
    expect((await allPets('dueStatus=overdue')).map((p) => p.ID)).not.toContain(overdue);
    // reopened, it is overdue again
    await api.send(API.updateVetReminder, { json: { reminderId: overdueReminder, action: 'reopen', version: 1 } });
    expect(statusOf(await allPets(''), overdue)).toBe('overdue');
  });

  it('refuses a status or sort it does not know with a clear error', async () => {
    for (const query of ['dueStatus=late', 'dueStatus=', 'sortField=dueStatus']) {
      const res = await api.send(API.vetPets, { query: `offset=1&limit=10&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ result: 0, message: expect.any(String) });
    }
  });
});
