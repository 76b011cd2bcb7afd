import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { VetVisitDetails } from '#shared/contract/vet';
import type { GetPath, GetQuery } from '#shared/contract/get-calls';
import type { JsonPostBody, JsonPostPath, MultipartPostPath, MultipartPostPayload } from '#shared/contract/post-calls';
import type { HistoryEntry } from '#shared/contract/vet-records';
import { purgeDeleted } from '#server/clinic-records/purge';
import {
  clinicPatients,
  clinicUsers,
  clinics,
  petProfiles,
  recordHistory,
  vetVisits,
  wellnessRecords,
} from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';
import { answered, conflictOf, injectApi } from '#tests/support/api-client';
import { pngImage } from '#tests/support/images';

const DAY = 86_400_000;

/**
 * Issue 20: medical records a clinic can trust, on both databases. Two tabs saving one visit or
 * pet (the second is refused, nothing lost), records keeping their IDs, the history of every kind
 * of change with the acting staff user, undo (restore) and the purge, and clinic isolation of all
 * of it. SPEC.md payloads without a version or record IDs keep working.
 */
describeOnBothDatabases('Medical records: versions, identity, history, undo', (ctx) => {
  let demo = '';
  let other = '';
  let demoClinicId = 0;
  let staff: Array<{ id: number; name: string }> = [];

  beforeAll(async () => {
    demo = await loginClinic(ctx().app, DEMO_CLINIC);
    other = await loginClinic(ctx().app, OTHER_CLINIC);
    const [c] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    demoClinicId = c.id;
    staff = await ctx()
      .db.select({ id: clinicUsers.id, name: clinicUsers.name })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, demoClinicId))
      .orderBy(asc(clinicUsers.id));
  });

  const api = injectApi(() => ctx().app);
  const as = (token: string, userId?: number) => ({ token, ...(userId ? { actingUserId: userId } : {}) });

  const get = <P extends GetPath>(path: P, query?: Partial<GetQuery<P>>, token = demo) =>
    answered(api.get(path, query, as(token)));
  const postJson = <P extends JsonPostPath>(
    path: P,
    payload: Partial<JsonPostBody<P>>,
    token = demo,
    userId?: number,
  ) => answered(api.post(path, payload, as(token, userId)));
  const postForm = <P extends MultipartPostPath>(
    path: P,
    payload: Partial<MultipartPostPayload<P>>,
    files: MultipartFile[] = [],
    token = demo,
    userId?: number,
  ) => answered(api.postForm(path, payload, files, as(token, userId)));
  const png = (colour = '#2a9d8f') => pngImage({ width: 40, height: 30, colour });

  function petForm(name: string) {
    return {
      petName: name,
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Rita Owner',
      ownerPhoneForVet: '+1 555 0100 777',
      ownerEmailForVet: '',
      petGenderId: 2,
      petDateOfBirth: '2019-02-03',
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    };
  }

  /** A new patient with one visit, made by the acting user `userId`. */
  async function patientWithVisit(name: string, userId = staff[0].id) {
    const created = await postForm(API.createVetPet, petForm(name), [], demo, userId);
    expect(created.body.result).toBe(1);
    const petId = created.body.data.petProfileId;
    const visit = await postJson(
      API.createVetVisit,
      { petId, visitDate: '2026-03-05', vetUserId: staff[0].id },
      demo,
      userId,
    );
    expect(visit.body.result).toBe(1);
    return { petId, visitId: visit.body.data.vetVisitId };
  }

  const details = async (visitId: number) => (await get(API.vetVisitDetails, { vetVisitId: visitId })).body.data;
  const history = async (petId: number, token = demo) =>
    (await get(API.vetPetHistory, { petProfileId: petId, offset: 1, limit: 100 }, token)).body;

  /** The Edit Visit form as our client sends it: the version and every record's ID. */
  function formOf(d: VetVisitDetails) {
    const w = d.petWellnessRecords;
    const weight = w.weight.records[0];
    return {
      petId: d.visit.PetProfileID,
      vetVisitId: d.visit.ID,
      version: d.visit.Version,
      vetUserId: d.visit.VetUserID,
      visitDate: d.visit.VisitDate,
      notes: d.visit.Notes,
      isFinished: d.visit.isFinished,
      weight: weight
        ? [
            {
              id: weight.ID,
              recordValue: weight.WellnessPropertyValue,
              date: weight.ActionDate,
              unitOfMeasureId: weight.GenUnitOfMeasureId,
              unitOfMeasure: '',
            },
          ]
        : [],
      vaccinations: w.vaccinations.map((r) => ({
        id: r.ID,
        title: r.WellnessPropertyValue,
        date: r.ActionDate,
        nextReminderDate: r.NextReminderDate,
      })),
      antiparasitics: w.antiparasitics.map((r) => ({
        id: r.ID,
        title: r.WellnessPropertyValue,
        date: r.ActionDate,
        nextReminderDate: r.NextReminderDate,
      })),
      consultations: w.consultations.map((r) => ({
        id: r.ID,
        title: r.WellnessPropertyValue,
        notes: r.Notes,
        date: r.ActionDate,
        nextReminderDate: r.NextReminderDate,
      })),
      pictures: w.pictures.map((p) => ({ id: p.ID, notes: p.Notes })),
    };
  }

  it('refuses the second of two tabs saving one visit with 409, naming who saved and when, and loses nothing', async () => {
    const { visitId } = await patientWithVisit('Two Tabs');
    const tabA = formOf(await details(visitId));
    const tabB = formOf(await details(visitId));

    const savedA = await postForm(
      API.saveVetVisit,
      { ...tabA, vaccinations: [{ title: 'Rabies', date: '2026-03-05', nextReminderDate: '2027-03-05' }] },
      [],
      demo,
      staff[1].id,
    );
    expect(savedA.body).toEqual({ result: 1, message: '', data: null });

    const savedB = await postForm(
      API.saveVetVisit,
      { ...tabB, consultations: [{ title: 'Cough', notes: 'Two days', date: '2026-03-05' }] },
      [],
      demo,
      staff[0].id,
    );
    expect(savedB.status).toBe(409);
    expect(savedB.body.result).toBe(0);
    expect(savedB.body.message).toContain(staff[1].name);
    expect(savedB.body.message).toMatch(/changed this visit on .+ UTC/);
    expect(conflictOf(savedB).data).toMatchObject({ changedBy: staff[1].name, version: tabA.version + 1 });
    expect(Date.now() - new Date(conflictOf(savedB).data.changedAt ?? '').getTime()).toBeLessThan(60_000);

    // Nothing lost: tab A's vaccination is there, tab B's consultation was not applied.
    const after = await details(visitId);
    expect(after.petWellnessRecords.vaccinations.map((r) => r.WellnessPropertyValue)).toEqual(['Rabies']);
    expect(after.petWellnessRecords.consultations).toEqual([]);
    expect(after.visit.Version).toBe(tabA.version + 1);

    // Reloaded, tab B saves on top of A's work.
    const reloaded = formOf(after);
    expect(
      (
        await postForm(API.saveVetVisit, {
          ...reloaded,
          consultations: [{ title: 'Cough', notes: 'Two days', date: '2026-03-05' }],
        })
      ).body.result,
    ).toBe(1);
    const both = await details(visitId);
    expect(both.petWellnessRecords.vaccinations.map((r) => r.WellnessPropertyValue)).toEqual(['Rabies']);
    expect(both.petWellnessRecords.consultations.map((r) => r.WellnessPropertyValue)).toEqual(['Cough']);

    // An older client (SPEC.md's payload: no version, no record IDs) saves as before.
    const { version: _v, ...spec } = formOf(both);
    const plain = {
      ...spec,
      notes: 'From an older client',
      vaccinations: spec.vaccinations.map(({ id: _id, ...row }) => row),
      consultations: spec.consultations.map(({ id: _id, ...row }) => row),
    };
    expect((await postForm(API.saveVetVisit, plain)).body.result).toBe(1);
    expect((await details(visitId)).visit.Notes).toBe('From an older client');
  });

  it('refuses the second of two tabs saving one pet with 409; a save without a version behaves as before', async () => {
    const { petId } = await patientWithVisit('Pet Two Tabs');
    const read = async () => (await get(API.vetPetDetails, { petProfileId: petId })).body.data;
    const first = await read();
    expect(first.version).toBeGreaterThanOrEqual(1);
    const a = await postForm(
      API.updateVetPet,
      { ...petForm('Pet Two Tabs'), petProfileId: petId, version: first.version, microChipId: '111' },
      [],
      demo,
      staff[1].id,
    );
    expect(a.body.result).toBe(1);
    const b = await postForm(
      API.updateVetPet,
      { ...petForm('Pet Two Tabs'), petProfileId: petId, version: first.version, bloodType: 'A' },
      [],
      demo,
      staff[0].id,
    );
    expect(b.status).toBe(409);
    expect(b.body.message).toContain(staff[1].name);
    expect(conflictOf(b).data.changedBy).toBe(staff[1].name);
    const now = await read();
    expect(now).toMatchObject({ microChipId: '111', bloodType: '', version: first.version + 1 });
    // Without a version (SPEC.md's payload): saved as before.
    expect(
      (await postForm(API.updateVetPet, { ...petForm('Pet Two Tabs'), petProfileId: petId, bloodType: 'B' })).body
        .result,
    ).toBe(1);
    expect((await read()).bloodType).toBe('B');
    // A change made outside Pawtal (the mobile app's back end) moves the version too: the 409 names nobody.
    const current = await read();
    await ctx().db.update(petProfiles).set({ description: 'Edited in the app' }).where(eq(petProfiles.id, petId));
    const outside = await postForm(API.updateVetPet, {
      ...petForm('Pet Two Tabs'),
      petProfileId: petId,
      version: current.version,
    });
    expect(outside.status).toBe(409);
    expect(conflictOf(outside).data.changedBy).toBe('');
    expect(outside.body.message).toMatch(/Someone else changed this pet/);
  });

  it('keeps every record its ID across saves: changed rows in place, only removed ones go', async () => {
    const { visitId } = await patientWithVisit('Identity');
    const first = formOf(await details(visitId));
    await postForm(
      API.saveVetVisit,
      {
        ...first,
        weight: [{ recordValue: '12.1', unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
        vaccinations: [
          { title: 'Rabies', date: '2026-03-05', nextReminderDate: null },
          { title: 'DHPP', date: '2026-03-05', nextReminderDate: null },
        ],
        consultations: [{ title: 'Limping', notes: 'Left hind leg', date: '2026-03-05' }],
        pictures: [{ id: -1, notes: 'Paw', fileIndex: 0 }],
      },
      [{ bytes: await png() }],
    );
    const saved = await details(visitId);
    const ids = (d: VetVisitDetails) => ({
      weight: d.petWellnessRecords.weight.records.map((r) => r.ID),
      vaccinations: d.petWellnessRecords.vaccinations.map((r) => r.ID),
      consultations: d.petWellnessRecords.consultations.map((r) => r.ID),
      pictures: d.petWellnessRecords.pictures.map((r) => r.ID),
    });
    const before = ids(saved);

    // Our client: the weight changed, one vaccination removed, the consultation's notes edited.
    const form = formOf(saved);
    const res = await postForm(API.saveVetVisit, {
      ...form,
      weight: [{ ...form.weight[0], recordValue: '12.4' }],
      vaccinations: form.vaccinations.filter((v) => v.title === 'DHPP'),
      consultations: [{ ...form.consultations[0], notes: 'Left hind leg, better' }],
    });
    expect(res.body.result).toBe(1);
    const after = await details(visitId);
    expect(ids(after)).toEqual({ ...before, vaccinations: [before.vaccinations[1]] });
    expect(after.petWellnessRecords.weight.records[0].WellnessPropertyValue).toBe('12.4');
    expect(after.petWellnessRecords.consultations[0].Notes).toBe('Left hind leg, better');

    // An older client sends the same rows without IDs: the records keep theirs.
    const { version: _v, ...spec } = formOf(after);
    const strip = <T extends { id?: number }>(rows: T[]) => rows.map(({ id: _id, ...row }) => row);
    expect(
      (
        await postForm(API.saveVetVisit, {
          ...spec,
          weight: strip(spec.weight),
          vaccinations: strip(spec.vaccinations),
          consultations: strip(spec.consultations),
        })
      ).body.result,
    ).toBe(1);
    expect(ids(await details(visitId))).toEqual(ids(after));
  });

  it('writes a history entry for every kind of change, with the acting staff user, in words a receptionist reads', async () => {
    const [ana, ben] = staff;
    const { petId, visitId } = await patientWithVisit('Historic', ana.id);
    const d = formOf(await details(visitId));
    await postForm(
      API.saveVetVisit,
      {
        ...d,
        weight: [{ recordValue: '12.1', unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
        pictures: [{ id: -1, notes: 'Ear', fileIndex: 0 }],
      },
      [{ bytes: await png() }],
      demo,
      ana.id,
    );
    const d2 = formOf(await details(visitId));
    await postForm(
      API.saveVetVisit,
      {
        ...d2,
        notes: 'Better',
        weight: [{ ...d2.weight[0], recordValue: '12.4' }],
        vaccinations: [{ title: 'Rabies', date: '2026-03-05', nextReminderDate: null }],
        pictures: [{ ...d2.pictures[0], notes: 'Left ear' }],
      },
      [],
      demo,
      ben.id,
    );
    const d3 = formOf(await details(visitId));
    await postForm(
      API.saveVetVisit,
      { ...d3, vaccinations: [], pictures: [{ ...d3.pictures[0], isDeleted: true }] },
      [],
      demo,
      ana.id,
    );
    await postForm(
      API.updateVetPet,
      { ...petForm('Historic'), petProfileId: petId, petName: 'Historic Rex' },
      [],
      demo,
      ben.id,
    );
    await postJson(API.deleteVetVisit, { vetVisitId: visitId, petId }, demo, ana.id);
    await postJson(API.restoreVetVisit, { vetVisitId: visitId }, demo, ben.id);

    const { entries, count, units } = (await history(petId)).data;
    expect(count).toBe(entries.length);
    // The units a weight is written with, so the portal shows the reader's own ("12,4 kg", "12.4 كغ").
    expect(units).toContainEqual({ id: 1, title: 'kg' });
    const find = (action: string, entity: string, user?: string) =>
      entries.find((e) => e.action === action && e.entity === entity && (!user || e.userName === user));
    // newest first
    expect([...entries].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)).map((e) => e.at)).toEqual(
      entries.map((e) => e.at),
    );
    expect(find('create', 'pet', ana.name)?.changes).toEqual(
      expect.arrayContaining([
        { field: 'petName', from: null, to: 'Historic' },
        { field: 'gender', from: null, to: 'Female' },
      ]),
    );
    expect(find('create', 'visit', ana.name)?.changes).toEqual(
      expect.arrayContaining([
        { field: 'visitDate', from: null, to: '2026-03-05' },
        { field: 'vetUser', from: null, to: ana.name },
      ]),
    );
    expect(find('create', 'weight', ana.name)?.changes).toEqual(
      expect.arrayContaining([{ field: 'value', from: null, to: '12.1 kg' }]),
    );
    expect(find('create', 'picture', ana.name)?.changes).toEqual([{ field: 'notes', from: null, to: 'Ear' }]);
    // "Ben changed weight 12.1 → 12.4 kg"
    expect(find('change', 'weight', ben.name)?.changes).toEqual([{ field: 'value', from: '12.1 kg', to: '12.4 kg' }]);
    expect(find('change', 'visit', ben.name)?.changes).toEqual([{ field: 'notes', from: null, to: 'Better' }]);
    expect(find('create', 'vaccination', ben.name)?.changes).toEqual(
      expect.arrayContaining([{ field: 'value', from: null, to: 'Rabies' }]),
    );
    expect(find('change', 'picture', ben.name)?.changes).toEqual([{ field: 'notes', from: 'Ear', to: 'Left ear' }]);
    expect(find('delete', 'vaccination', ana.name)?.changes).toEqual(
      expect.arrayContaining([{ field: 'value', from: 'Rabies', to: null }]),
    );
    expect(find('delete', 'picture', ana.name)).toBeDefined();
    expect(find('change', 'pet', ben.name)?.changes).toEqual([
      { field: 'petName', from: 'Historic', to: 'Historic Rex' },
    ]);
    expect(find('delete', 'visit', ana.name)).toBeDefined();
    expect(find('restore', 'visit', ben.name)).toBeDefined();
    // Record entries name their visit's date; nothing carries a file's bytes or address.
    expect(find('create', 'weight')?.visitDate).toBe('2026-03-05');
    expect(JSON.stringify(entries)).not.toMatch(/clinical\/|uploads\/|base64/);

    // The acting user: the header; without it the visit's own vet user; for a pet, the clinic.
    const noHeader = await postForm(API.createVetPet, petForm('No Header'));
    const [clinic] = await ctx().db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, demoClinicId));
    expect((await history(noHeader.body.data.petProfileId)).data.entries[0].userName).toBe(clinic.name);
    await postJson(API.createVetVisit, {
      petId: noHeader.body.data.petProfileId,
      visitDate: '2026-03-06',
      vetUserId: ben.id,
    });
    expect((await history(noHeader.body.data.petProfileId)).data.entries[0]).toMatchObject({
      entity: 'visit',
      action: 'create',
      userName: ben.name,
    });
    // Another clinic's user named in the header is not taken.
    await postForm(
      API.updateVetPet,
      { ...petForm('No Header'), petProfileId: noHeader.body.data.petProfileId, petName: 'Renamed' },
      [],
      demo,
      2147483000,
    );
    expect((await history(noHeader.body.data.petProfileId)).data.entries[0]).toMatchObject({
      entity: 'pet',
      action: 'change',
      userName: clinic.name,
    });

    // Append-only: the database refuses to change or remove an entry.
    await expect(
      ctx().db.update(recordHistory).set({ userName: 'Someone else' }).where(eq(recordHistory.petProfileId, petId)),
    ).rejects.toThrow();
    await expect(ctx().db.delete(recordHistory).where(eq(recordHistory.petProfileId, petId))).rejects.toThrow();
  });

  it('deletes a visit from every list at once and restores it with its records and pictures', async () => {
    const { petId, visitId } = await patientWithVisit('Undo Visit');
    const form = formOf(await details(visitId));
    await postForm(
      API.saveVetVisit,
      {
        ...form,
        vaccinations: [{ title: 'Rabies', date: '2026-03-05', nextReminderDate: '2031-07-07' }],
        pictures: [{ id: -1, notes: 'Kept', fileIndex: 0 }],
      },
      [{ bytes: await png() }],
    );
    const before = await details(visitId);
    const pictureFile = path.join(ctx().config.mediaDir, before.petWellnessRecords.pictures[0].ImagePath.split('?')[0]);
    const listed = async () =>
      (await get(API.vetVisits, { isFinished: 2, limit: 100 })).body.data.visits.some((v) => v.ID === visitId);
    const reminded = async () =>
      (await postJson(API.vetReminders, { date: '2031-07-07', offset: 1, limit: 100 })).body.data.reminders.some(
        (r) => r.petProfileId === petId,
      );
    expect(await listed()).toBe(true);
    expect(await reminded()).toBe(true);

    expect((await postJson(API.deleteVetVisit, { vetVisitId: visitId, petId })).body.result).toBe(1);
    expect(await listed()).toBe(false);
    expect(await reminded()).toBe(false);
    expect((await get(API.vetPetVisits, { petProfileId: petId })).body.data).toMatchObject({ count: 0 });
    const deleted = (await get(API.deletedVetItems, { offset: 1, limit: 100 })).body.data;
    expect(deleted.items.find((i) => i.kind === 'visit' && i.id === visitId)).toMatchObject({
      petProfileId: petId,
      petName: 'Undo Visit',
      visitDate: '2026-03-05',
    });
    expect(fs.existsSync(pictureFile)).toBe(true);

    expect((await postJson(API.restoreVetVisit, { vetVisitId: visitId })).body).toEqual({
      result: 1,
      message: '',
      data: null,
    });
    expect(await listed()).toBe(true);
    expect(await reminded()).toBe(true);
    const restored = await details(visitId);
    expect(restored.petWellnessRecords.vaccinations.map((r) => r.ID)).toEqual(
      before.petWellnessRecords.vaccinations.map((r) => r.ID),
    );
    expect(restored.petWellnessRecords.pictures.map((r) => r.ID)).toEqual(
      before.petWellnessRecords.pictures.map((r) => r.ID),
    );
    expect(restored.visit.Version).toBeGreaterThan(before.visit.Version);
    expect(
      (await get(API.deletedVetItems, { offset: 1, limit: 100 })).body.data.items.some(
        (i) => i.id === visitId && i.kind === 'visit',
      ),
    ).toBe(false);
  });

  it('deletes a pet (and its public profile, when nobody else holds it) and restores it with its visits', async () => {
    const { petId, visitId } = await patientWithVisit('Undo Pet');
    const [{ publicId }] = await ctx()
      .db.select({ publicId: petProfiles.publicId })
      .from(petProfiles)
      .where(eq(petProfiles.id, petId));
    const publicView = async () => (await api.get(API.petDetailsByPublicId, { publicId })).json();
    const found = async () =>
      (await get(API.vetPets, { searchTerm: 'Undo Pet', offset: 1, limit: 10 })).body.data.count;
    expect((await publicView()).result).toBe(1);
    expect(await found()).toBe(1);

    expect((await postJson(API.deleteVetPet, { petId })).body.result).toBe(1);
    expect(await found()).toBe(0);
    expect((await publicView()).result).toBe(0);
    expect((await get(API.vetVisitDetails, { vetVisitId: visitId })).body.result).toBe(0);
    // Saving or adding a visit of the deleted pet: refused with a clear message, never a 5xx.
    const late = await postJson(API.createVetVisit, { petId, visitDate: '2026-03-07', vetUserId: staff[0].id });
    expect(late.body).toMatchObject({ result: 0, message: 'This pet was deleted.' });
    // Its visit comes back with the pet, not on its own.
    expect((await postJson(API.restoreVetVisit, { vetVisitId: visitId })).body).toMatchObject({
      result: 0,
      message: 'This pet was deleted.',
    });
    const deleted = (await get(API.deletedVetItems, { offset: 1, limit: 100 })).body.data;
    expect(deleted.items.filter((i) => i.petProfileId === petId).map((i) => i.kind)).toEqual(['pet']);

    expect((await postJson(API.restoreVetPet, { petId })).body).toEqual({ result: 1, message: '', data: null });
    expect(await found()).toBe(1);
    expect((await publicView()).result).toBe(1);
    expect((await get(API.vetVisitDetails, { vetVisitId: visitId })).body.result).toBe(1);
  });

  it('keeps another clinic out: history, restore and the deleted list answer as for a missing pet or visit', async () => {
    const { petId, visitId } = await patientWithVisit('Isolated');
    const missingPet = 2_000_000_000;
    const missingVisit = 2_000_000_000;
    const theirs = await get(API.vetPetHistory, { petProfileId: petId }, other);
    const none = await get(API.vetPetHistory, { petProfileId: missingPet }, other);
    expect(theirs.status).toBe(200);
    expect(theirs.raw).toBe(none.raw);
    expect(theirs.body).toEqual({ result: 0, message: 'Pet not found.', data: null });

    await postJson(API.deleteVetVisit, { vetVisitId: visitId, petId });
    expect((await postJson(API.restoreVetVisit, { vetVisitId: visitId }, other)).raw).toBe(
      (await postJson(API.restoreVetVisit, { vetVisitId: missingVisit }, other)).raw,
    );
    expect(
      (await get(API.deletedVetItems, { offset: 1, limit: 100 }, other)).body.data.items.some(
        (i) => i.petProfileId === petId,
      ),
    ).toBe(false);
    await postJson(API.deleteVetPet, { petId });
    const restorePet = await postJson(API.restoreVetPet, { petId }, other);
    expect(restorePet.raw).toBe((await postJson(API.restoreVetPet, { petId: missingPet }, other)).raw);
    // Still deleted: the other clinic's calls changed nothing.
    const [patient] = await ctx()
      .db.select({ deletedAt: clinicPatients.deletedAt })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, demoClinicId), eq(clinicPatients.petProfileId, petId)));
    expect(patient.deletedAt).toBeInstanceOf(Date);
    // Another clinic's entries are never shown: a shared pet's history holds this clinic's only.
    const [otherClinic] = await ctx()
      .db.select({ id: clinics.id })
      .from(clinics)
      .where(eq(clinics.username, OTHER_CLINIC));
    await ctx()
      .db.insert(recordHistory)
      .values({
        clinicId: otherClinic.id,
        petProfileId: petId,
        entity: 'pet',
        entityId: petId,
        action: 'change',
        userName: 'Other Vet',
        changes: [{ field: 'petName', from: 'a', to: 'b' }],
      });
    expect(JSON.stringify(await history(petId))).not.toContain('Other Vet');
  });

  it('refuses a restore after the window and purges what is older: rows and files go, the history stays', async () => {
    const { petId, visitId } = await patientWithVisit('Purged');
    const form = formOf(await details(visitId));
    await postForm(API.saveVetVisit, { ...form, pictures: [{ id: -1, notes: 'To purge', fileIndex: 0 }] }, [
      { bytes: await png() },
    ]);
    const picture = (await details(visitId)).petWellnessRecords.pictures[0];
    const pictureFile = path.join(ctx().config.mediaDir, picture.ImagePath.split('?')[0]);
    await postJson(API.deleteVetPet, { petId });
    const days = ctx().config.deletedRetentionDays;
    // Pretend the delete happened just over the window ago.
    const longAgo = new Date(Date.now() - (days + 1) * DAY);
    await ctx().db.execute(
      sql`update clinic_patients set deleted_at = ${longAgo.toISOString()}::timestamptz where pet_profile_id = ${petId}`,
    );
    await ctx().db.execute(
      sql`update vet_visits set deleted_at = ${longAgo.toISOString()}::timestamptz where pet_profile_id = ${petId}`,
    );
    expect((await postJson(API.restoreVetPet, { petId })).body).toMatchObject({ result: 0, message: 'Pet not found.' });
    expect(
      (await get(API.deletedVetItems, { offset: 1, limit: 100 })).body.data.items.some((i) => i.petProfileId === petId),
    ).toBe(false);

    const result = await purgeDeleted(ctx().app, days);
    expect(result.pets).toBeGreaterThanOrEqual(1);
    expect(await ctx().db.select().from(vetVisits).where(eq(vetVisits.id, visitId))).toEqual([]);
    expect(await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.petProfileId, petId))).toEqual([]);
    expect(await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, petId))).toEqual([]);
    expect(fs.existsSync(pictureFile)).toBe(false);
    const kept = await history(petId);
    expect(kept.result).toBe(1);
    expect(kept.data.entries[0]).toMatchObject({
      action: 'purge',
      entity: 'pet',
      userName: '',
    } satisfies Partial<HistoryEntry>);
    expect(kept.data.entries.some((e) => e.action === 'create' && e.entity === 'pet')).toBe(true);
    // What is still within the window is left alone.
    const young = await patientWithVisit('Young');
    await postJson(API.deleteVetPet, { petId: young.petId });
    await purgeDeleted(ctx().app, days);
    expect((await postJson(API.restoreVetPet, { petId: young.petId })).body.result).toBe(1);
  });
});
