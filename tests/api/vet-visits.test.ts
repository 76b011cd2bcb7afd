import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mediaBase } from '#server/config';
import {
  clinicPatients,
  clinicUsers,
  clinics,
  petProfiles,
  sessions,
  vetVisits,
  wellnessRecords,
} from '#server/db/schema';
import {
  CATEGORY_TYPE_ANTIPARASITIC,
  CATEGORY_TYPE_CONSULTATION,
  CATEGORY_TYPE_PICTURE,
  CATEGORY_TYPE_VACCINATION,
  CATEGORY_TYPE_WEIGHT,
} from '#shared/constants';
import { API } from '#shared/contract/paths';
import type { DeleteVetVisitBody, VetVisit } from '#shared/contract/vet';
import type { CreateVisitValues } from '#shared/forms/visit-payload';
import { remindersPageQuery } from '#server/visits/list-reminders';
import { visitsPageQuery } from '#server/visits/list-visits';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { isoDay } from '#tests/support/days';
import { bearer, DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const VISIT_KEYS = [
  'ID',
  'PetProfileID',
  'petName',
  'age',
  'petType',
  'petTypeId',
  'petTypeImage',
  'petBreed',
  'petBreedId',
  'OwnerNameForVet',
  'OwnerPhoneForVet',
  'OwnerEmailForVet',
  'VisitDate',
  'petImage',
  'isFinished',
  'VetUserID',
  'VetName',
].sort();

describeOnBothDatabases('Vet visits API', (ctx) => {
  let demoToken = '';
  let otherToken = '';
  let demoClinicId = 0;
  let otherClinicId = 0;

  beforeAll(async () => {
    demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
    otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
    const rows = await ctx().db.select({ id: clinics.id, username: clinics.username }).from(clinics);
    demoClinicId = rows.find((r) => r.username === DEMO_CLINIC)?.id ?? 0;
    otherClinicId = rows.find((r) => r.username === OTHER_CLINIC)?.id ?? 0;
  });

  const api = injectApi(
    () => ctx().app,
    () => ({ token: demoToken }),
  );

  /** The visits a query string lists (some are broken on purpose: the string is sent as it is). */
  async function getVisits(query: string, token = demoToken) {
    const res = await api.send(API.vetVisits, { query }, { token });
    return { status: res.statusCode, body: res.json() };
  }

  /** Every visit of a filter, walking the pages as the client does. */
  async function allPages(isFinished: number): Promise<VetVisit[]> {
    const out: VetVisit[] = [];
    for (let page = 1; page < 100; page++) {
      const { body } = await getVisits(`isFinished=${isFinished}&offset=${page}&limit=4`);
      expect(body.result).toBe(1);
      out.push(...(body.data?.visits ?? []));
      if ((body.data?.visits.length ?? 0) < 4) break;
    }
    return out;
  }

  async function expectedIds(clinicId: number, finished: boolean | null): Promise<number[]> {
    const db = ctx().db;
    const where =
      finished === null
        ? eq(vetVisits.clinicId, clinicId)
        : and(eq(vetVisits.clinicId, clinicId), eq(vetVisits.isFinished, finished));
    const rows = await db
      .select({ id: vetVisits.id })
      .from(vetVisits)
      .where(where)
      .orderBy(desc(vetVisits.visitDate), desc(vetVisits.id));
    return rows.map((r) => r.id);
  }

  it('pages the active, completed and all visits: 4 a page, newest first, with the count', async () => {
    for (const [filter, finished] of [
      [0, false],
      [1, true],
      [2, null],
    ] as const) {
      const expected = await expectedIds(demoClinicId, finished);
      expect(expected.length).toBeGreaterThan(4);
      const first = await getVisits(`isFinished=${filter}&offset=1&limit=4`);
      expect(first.body.data?.count).toBe(expected.length);
      expect(first.body.data?.visits).toHaveLength(4);
      const walked = await allPages(filter);
      expect(walked.map((v) => v.ID)).toEqual(expected);
      if (finished !== null) expect(walked.every((v) => v.isFinished === finished)).toBe(true);
    }
    const [active, completed, all] = await Promise.all([0, 1, 2].map((f) => getVisits(`isFinished=${f}`)));
    expect((active.body.data?.count ?? 0) + (completed.body.data?.count ?? 0)).toBe(all.body.data?.count);
  });

  it('defaults to the active filter, page 1 and 4 a page; a page past the end is empty with the count', async () => {
    const def = await getVisits('');
    const explicit = await getVisits('isFinished=0&offset=1&limit=4');
    expect(def.body).toEqual(explicit.body);
    const far = await getVisits('isFinished=2&offset=500&limit=4');
    expect(far.body.data?.visits).toEqual([]);
    expect(far.body.data?.count).toBe((await expectedIds(demoClinicId, null)).length);
  });

  it('answers every field of a visit, owner data from the clinic patient row and absolute images', async () => {
    const base = mediaBase(ctx().config);
    const visits = await allPages(2);
    const patients = await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.clinicId, demoClinicId));
    const users = await ctx().db.select().from(clinicUsers);
    const pets = await ctx()
      .db.select()
      .from(petProfiles)
      .where(
        inArray(
          petProfiles.id,
          patients.map((p) => p.petProfileId),
        ),
      );
    for (const v of visits) {
      expect(Object.keys(v).sort()).toEqual(VISIT_KEYS);
      const patient = patients.find((p) => p.petProfileId === v.PetProfileID);
      expect(patient).toBeDefined();
      expect(v.OwnerNameForVet).toBe(patient?.ownerNameForVet);
      expect(v.OwnerPhoneForVet).toBe(patient?.ownerPhoneForVet);
      expect(v.OwnerEmailForVet).toBe(patient?.ownerEmailForVet ?? '');
      const pet = pets.find((p) => p.id === v.PetProfileID);
      expect(v.petName).toBe(pet?.name);
      expect(v.petImage).toBe(pet?.imagePath ? base + pet.imagePath : base);
      expect(v.petTypeImage.startsWith(base)).toBe(true);
      expect(v.petTypeImage.length).toBeGreaterThan(base.length);
      expect(v.VisitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(v.age === null || (Number.isInteger(v.age) && v.age >= 0)).toBe(true);
      const user = users.find((u) => u.id === v.VetUserID);
      expect(v.VetName).toBe(user?.name ?? '');
      if (user) expect(user.clinicId).toBe(demoClinicId);
    }
    expect(visits.some((v) => v.petImage === base)).toBe(
      visits.some((v) => !pets.find((p) => p.id === v.PetProfileID)?.imagePath),
    );
  });

  it('refuses malformed queries with a 400 envelope', async () => {
    for (const q of ['isFinished=3', 'isFinished=x', 'offset=0', 'offset=-1', 'limit=0', 'limit=101', 'offset=abc']) {
      const { status, body } = await getVisits(q);
      expect(status, q).toBe(400);
      expect(body).toMatchObject({ result: 0, data: null });
    }
  });

  it('shows each clinic only its own visits', async () => {
    const { body } = await getVisits('isFinished=2&limit=100', otherToken);
    const ids = await expectedIds(otherClinicId, null);
    expect(body.data?.count).toBe(ids.length);
    expect(body.data?.visits.map((v) => v.ID)).toEqual(ids.slice(0, 100));
  });

  it('gives a visit with its pet and the records of that visit, grouped by type', async () => {
    const db = ctx().db;
    // a visit of the demo clinic with a picture and other records
    const [withPicture] = await db
      .select({ id: wellnessRecords.vetVisitId })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.clinicId, demoClinicId), eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_PICTURE)))
      .limit(1);
    const visitId = withPicture.id as number;
    const body = await api.envelope.get(API.vetVisitDetails, { vetVisitId: visitId });
    expect(body.result).toBe(1);
    const [visit] = await db.select().from(vetVisits).where(eq(vetVisits.id, visitId));
    expect(body.data.visit).toEqual({
      ID: visit.id,
      PetProfileID: visit.petProfileId,
      VetUserID: visit.vetUserId,
      Notes: visit.notes,
      VisitDate: visit.visitDate,
      isFinished: visit.isFinished,
      Version: visit.version,
    });
    expect(body.data.petProfile).toHaveLength(1);
    const [patient] = await db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, visit.petProfileId)));
    expect(body.data.petProfile[0]).toMatchObject({
      petProfileId: visit.petProfileId,
      ownerNameForVet: patient.ownerNameForVet,
      ownerPhoneForVet: patient.ownerPhoneForVet,
    });

    const records = await db
      .select()
      .from(wellnessRecords)
      .where(eq(wellnessRecords.vetVisitId, visitId))
      .orderBy(asc(wellnessRecords.id));
    const groups = body.data.petWellnessRecords;
    const idsOf = (type: number) => records.filter((r) => r.categoryTypeId === type).map((r) => r.id);
    expect(groups.weight.records.map((r) => r.ID)).toEqual(idsOf(CATEGORY_TYPE_WEIGHT));
    expect(groups.vaccinations.map((r) => r.ID)).toEqual(idsOf(CATEGORY_TYPE_VACCINATION));
    expect(groups.antiparasitics.map((r) => r.ID)).toEqual(idsOf(CATEGORY_TYPE_ANTIPARASITIC));
    expect(groups.consultations.map((r) => r.ID)).toEqual(idsOf(CATEGORY_TYPE_CONSULTATION));
    expect(groups.pictures.map((r) => r.ID)).toEqual(idsOf(CATEGORY_TYPE_PICTURE));
    expect(groups.pictures.length).toBeGreaterThan(0);
    // only the units a weight is measured in, from the database (not km, min, bpm, °C, mg, ml)
    expect(groups.weight.unitOfMeasures).toEqual([
      { id: 1, title: 'kg' },
      { id: 2, title: 'lb' },
    ]);

    const base = mediaBase(ctx().config);
    const picture = groups.pictures[0];
    const stored = records.find((r) => r.id === picture.ID);
    expect(picture).toEqual({
      ID: stored?.id,
      PetProfileId: visit.petProfileId,
      CreatedDate: stored?.createdAt.toISOString(),
      ActionDate: stored?.actionDate,
      VetVisitID: visitId,
      NextReminderDate: stored?.nextReminderDate,
      WellnessPropertyValue: stored?.recordValue,
      PetWellnessCategoryTypeId: CATEGORY_TYPE_PICTURE,
      GenUnitOfMeasureId: stored?.unitId,
      VetName: expect.any(String),
      // a visit picture's signed link (docs/decisions/0099)
      ImagePath: expect.stringMatching(
        new RegExp(`^${stored?.imagePath}\\?rec=\\d+&clinic=\\d+&exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      ),
      ImageHostLink: base,
      Notes: stored?.notes,
      isDeleted: false,
    });
    expect(picture.ImagePath.startsWith('http')).toBe(false);
  });

  it('answers a missing visit with "Visit not found"', async () => {
    const res = await api.get(API.vetVisitDetails, { vetVisitId: 2147483647 });
    expect(res.json()).toEqual({ result: 0, message: 'Visit not found', data: null });
  });

  it('creates an active visit of a patient by a clinic user, and checks pet, date and user', async () => {
    const db = ctx().db;
    const [patient] = await db.select().from(clinicPatients).where(eq(clinicPatients.clinicId, demoClinicId)).limit(1);
    const [user] = await db.select().from(clinicUsers).where(eq(clinicUsers.clinicId, demoClinicId)).limit(1);
    const [foreignUser] = await db.select().from(clinicUsers).where(ne(clinicUsers.clinicId, demoClinicId)).limit(1);
    const [stranger] = await db
      .select({ id: petProfiles.id })
      .from(petProfiles)
      .where(
        sql`not exists (select 1 from clinic_patients cp where cp.pet_profile_id = ${petProfiles.id} and cp.clinic_id = ${demoClinicId})`,
      )
      .limit(1);
    const post = (payload: Partial<CreateVisitValues>) => api.post(API.createVetVisit, payload);
    const date = isoDay(400);

    expect((await post({ visitDate: date, vetUserId: user.id })).json()).toEqual({
      result: 0,
      message: 'Please select a pet and a visit date',
      data: null,
    });
    expect((await post({ petId: patient.petProfileId, vetUserId: user.id })).json()).toMatchObject({
      result: 0,
      message: 'Please select a pet and a visit date',
    });
    expect(
      (await post({ petId: patient.petProfileId, visitDate: '2026-02-30', vetUserId: user.id })).json(),
    ).toMatchObject({ result: 0 });
    expect((await post({ petId: patient.petProfileId, visitDate: date, vetUserId: foreignUser.id })).json()).toEqual({
      result: 0,
      message: 'Vet user not found',
      data: null,
    });
    expect((await post({ petId: stranger.id, visitDate: date, vetUserId: user.id })).json()).toEqual({
      result: 0,
      message: 'Pet not found.',
      data: null,
    });

    const before = (await getVisits('isFinished=0')).body.data?.count ?? 0;
    // fields the call does not have, sent on purpose: they are dropped (no mass assignment)
    const created = (
      await api.send(API.createVetVisit, {
        json: {
          petId: patient.petProfileId,
          visitDate: date,
          vetUserId: user.id,
          clinicId: otherClinicId,
          isFinished: true,
        },
      })
    ).json();
    expect(created.result).toBe(1);
    const id = created.data.vetVisitId;
    const [row] = await db.select().from(vetVisits).where(eq(vetVisits.id, id));
    expect(row).toMatchObject({
      clinicId: demoClinicId,
      petProfileId: patient.petProfileId,
      vetUserId: user.id,
      visitDate: date,
      isFinished: false,
      notes: '',
    });
    const after = await getVisits('isFinished=0');
    expect(after.body.data?.count).toBe(before + 1);
    expect(after.body.data?.visits[0].ID).toBe(id);
  });

  it('deletes a visit with its records (restorable until the purge); a wrong pet or a missing visit is "Visit not found"', async () => {
    const db = ctx().db;
    const [visit] = await db
      .select({ id: vetVisits.id, petProfileId: vetVisits.petProfileId })
      .from(vetVisits)
      .where(
        and(
          eq(vetVisits.clinicId, demoClinicId),
          sql`exists (select 1 from wellness_records w where w.vet_visit_id = ${vetVisits.id})`,
        ),
      )
      .limit(1);
    const del = (payload: DeleteVetVisitBody) => api.post(API.deleteVetVisit, payload);
    expect((await del({ vetVisitId: visit.id, petId: visit.petProfileId + 1 })).json()).toEqual({
      result: 0,
      message: 'Visit not found',
      data: null,
    });
    expect((await del({ vetVisitId: 2147483647, petId: visit.petProfileId })).json()).toEqual({
      result: 0,
      message: 'Visit not found',
      data: null,
    });
    expect(await db.select().from(vetVisits).where(eq(vetVisits.id, visit.id))).toHaveLength(1);

    expect((await del({ vetVisitId: visit.id, petId: visit.petProfileId })).json()).toEqual({
      result: 1,
      message: '',
      data: null,
    });
    // marked deleted, the visit and its records at one instant
    const [row] = await db.select().from(vetVisits).where(eq(vetVisits.id, visit.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const records = await db.select().from(wellnessRecords).where(eq(wellnessRecords.vetVisitId, visit.id));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.deletedAt?.getTime() === row.deletedAt?.getTime())).toBe(true);
    const again = await api.get(API.vetVisitDetails, { vetVisitId: visit.id });
    expect(again.json()).toMatchObject({ result: 0, message: 'Visit not found' });
    expect((await del({ vetVisitId: visit.id, petId: visit.petProfileId })).json()).toMatchObject({
      result: 0,
      message: 'This visit was deleted.',
    });
  });

  it('answers 401 without a token, with a bad token and with an expired or revoked one', async () => {
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const calls = [
      { method: 'GET' as const, url: `${API.vetVisits}?isFinished=0` },
      { method: 'GET' as const, url: `${API.vetVisitDetails}?vetVisitId=1` },
      {
        method: 'POST' as const,
        url: API.createVetVisit,
        payload: { petId: 1, visitDate: '2026-01-01', vetUserId: 1 },
      },
      { method: 'POST' as const, url: API.deleteVetVisit, payload: { vetVisitId: 1, petId: 1 } },
      { method: 'POST' as const, url: API.saveVetVisit, payload: { vetVisitId: 1, petId: 1 } },
      { method: 'POST' as const, url: API.vetReminders, payload: { date: '2026-01-01', offset: 1, limit: 4 } },
    ];
    const [{ id: sessionId }] = await ctx()
      .db.select({ id: sessions.id })
      .from(sessions)
      .orderBy(desc(sessions.id))
      .limit(1);
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-real-token-at-all-000000' },
      { authorization: `Basic ${token}` },
    ]) {
      for (const call of calls) {
        const res = await ctx().app.inject({ ...call, headers });
        expect(res.statusCode, `${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toMatchObject({ result: 0, data: null });
      }
    }
    await ctx()
      .db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));
    for (const call of calls)
      expect((await ctx().app.inject({ ...call, headers: bearer(token) })).statusCode).toBe(401);

    const revoked = await loginClinic(ctx().app, DEMO_CLINIC);
    expect((await ctx().app.inject({ ...calls[0], headers: bearer(revoked) })).statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'POST', url: API.vetLogout, headers: bearer(revoked) })).statusCode).toBe(
      200,
    );
    for (const call of calls)
      expect((await ctx().app.inject({ ...call, headers: bearer(revoked) })).statusCode).toBe(401);
  });

  it('serves the visit and reminder pages from their indexes', async () => {
    const db = ctx().db;
    const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));
    /**
     * EXPLAIN of a built query, its parameters inlined, with sequential scans discouraged (the demo tables are tiny).
     */
    const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown;
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
          string,
          string
        >[];
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    };
    const page = { page: 1, limit: 4 };
    const visitsPage = (isFinished: 0 | 1 | 2) =>
      visitsPageQuery(db, demoClinicId, { isFinished, offset: 1, limit: 4 });
    expect(await plan(visitsPage(0))).toContain('vet_visits_clinic_finished_idx');
    expect(await plan(visitsPage(1))).toContain('vet_visits_clinic_finished_idx');
    expect(await plan(visitsPage(2))).toMatch(/vet_visits_clinic_(date|finished)_idx/);
    expect(
      await plan(
        remindersPageQuery(db, demoClinicId, { range: { from: isoDay(7), to: isoDay(7), overdue: false } }, page),
      ),
    ).toContain('wellness_records_reminder_idx');
  });
});
