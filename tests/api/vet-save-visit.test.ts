import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { clinicPatients, clinicUsers, clinics, petProfiles, vetVisits, wellnessRecords } from '#server/db/schema';
import { mediaBase } from '#server/config';
import { CATEGORY_TYPE_PICTURE, REMINDER_PRESET_DAYS } from '#shared/constants';
import { API } from '#shared/contract/paths';
import type { VetVisitDetails } from '#shared/contract/vet';
import { purgeDeleted } from '#server/clinic-records/purge';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { injectApi } from '#tests/support/api-client';
import { daysFromNow, isoDay } from '#tests/support/days';
import { pngImage } from '#tests/support/images';
import { firstDogBreedId } from '#tests/support/breeds';

const png = (width?: number, height?: number) => pngImage({ width, height });

/** Every stored upload under the media folder: pet photos (uploads/) and visit pictures (clinical/, not the demo's). */
function uploads(mediaDir: string): string[] {
  return ['uploads', 'clinical'].flatMap((folder) => {
    const root = path.join(mediaDir, folder);
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => !f.startsWith('demo') && fs.statSync(path.join(root, f)).isFile())
      .map((f) => `${folder}/${f}`);
  });
}

/** A picture's stored path: its signed address without the query. */
function storedPath(imagePath: string): string {
  return imagePath.split('?')[0];
}

describeOnBothDatabases('SaveVetVisit', (ctx) => {
  let token = '';
  let clinicId = 0;
  let staff: number[] = [];
  let foreignUser = 0;
  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [demo] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    clinicId = demo.id;
    const users = await ctx().db.select().from(clinicUsers).orderBy(asc(clinicUsers.id));
    staff = users.filter((u) => u.clinicId === clinicId).map((u) => u.id);
    foreignUser = users.find((u) => u.clinicId !== clinicId)?.id ?? 0;
  });

  /** The payload as the Edit Visit form holds it (rows the server drops or normalises included): sent unchecked. */
  async function save(payload: unknown, files: MultipartFile[] = []) {
    const res = await api.send(API.saveVetVisit, { form: { payload, files } });
    return { status: res.statusCode, body: res.json() };
  }

  async function details(visitId: number): Promise<VetVisitDetails> {
    const body = (await api.get(API.vetVisitDetails, { vetVisitId: visitId })).json();
    expect(body.result).toBe(1);
    return body.data;
  }

  /** A demo clinic visit of the given state, with at least one stored picture when asked. */
  async function pickVisit(opts: { withPicture?: boolean; skip?: number } = {}) {
    const rows = await ctx()
      .db.select({ id: vetVisits.id, petProfileId: vetVisits.petProfileId })
      .from(vetVisits)
      .where(
        and(
          eq(vetVisits.clinicId, clinicId),
          opts.withPicture
            ? sql`(select count(*) from wellness_records w where w.vet_visit_id = ${vetVisits.id} and w.category_type_id = ${CATEGORY_TYPE_PICTURE}) >= 2`
            : sql`true`,
        ),
      )
      .orderBy(asc(vetVisits.id));
    return rows[opts.skip ?? 0];
  }

  /** The visit row and all its records, for before/after comparisons. */
  async function snapshot(visitId: number) {
    const [visit] = await ctx().db.select().from(vetVisits).where(eq(vetVisits.id, visitId));
    const records = await ctx()
      .db.select()
      .from(wellnessRecords)
      .where(eq(wellnessRecords.vetVisitId, visitId))
      .orderBy(asc(wellnessRecords.id));
    return { visit, records };
  }

  function payloadFor(visit: { id: number; petProfileId: number }, patch: Record<string, unknown> = {}) {
    return {
      petId: visit.petProfileId,
      vetVisitId: visit.id,
      vetUserId: staff[1],
      visitDate: isoDay(-1),
      notes: 'Checked ears and teeth.',
      isFinished: false,
      weight: [],
      vaccinations: [],
      antiparasitics: [],
      consultations: [],
      pictures: [],
      ...patch,
    };
  }

  it('saves the visit fields, every kind of row and the pictures in one go', async () => {
    const visit = await pickVisit({ withPicture: true });
    const before = await details(visit.id);
    const [keep, remove] = before.petWellnessRecords.pictures;
    const reminder = isoDay(REMINDER_PRESET_DAYS[0]);
    const filesBefore = uploads(ctx().config.mediaDir).length;
    const res = await save(
      payloadFor(visit, {
        weight: [{ recordValue: '12.4', date: '', unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
        vaccinations: [
          { title: 'Rabies', date: isoDay(-1), nextReminderDate: reminder },
          { title: '', date: isoDay(-1), nextReminderDate: null },
          { title: 'DHPP', date: isoDay(-1), nextReminderDate: null, isDeleted: true },
        ],
        antiparasitics: [{ title: 'Flea Treatment', date: isoDay(-1), nextReminderDate: null }],
        consultations: [
          { title: 'Ear check', notes: 'Clean, no infection.', date: isoDay(-1), nextReminderDate: null },
        ],
        pictures: [
          { id: keep.ID, notes: 'renamed', imagePath: keep.ImagePath, imageHostLink: keep.ImageHostLink },
          { id: remove.ID, notes: remove.Notes, isDeleted: true },
          { id: -1, notes: 'new picture', fileIndex: 0 },
          { id: -2, notes: 'discarded before saving', isDeleted: true },
        ],
      }),
      [{ bytes: await png() }],
    );
    expect(res.body).toEqual({ result: 1, message: '', data: null });

    const after = await details(visit.id);
    expect(after.visit).toMatchObject({
      VisitDate: isoDay(-1),
      Notes: 'Checked ears and teeth.',
      VetUserID: staff[1],
      isFinished: false,
    });
    const w = after.petWellnessRecords;
    expect(w.weight.records.map((r) => [r.WellnessPropertyValue, r.GenUnitOfMeasureId, r.ActionDate])).toEqual([
      ['12.4', 1, isoDay(-1)],
    ]);
    expect(w.vaccinations.map((r) => [r.WellnessPropertyValue, r.NextReminderDate])).toEqual([['Rabies', reminder]]);
    expect(w.antiparasitics.map((r) => [r.WellnessPropertyValue, r.NextReminderDate])).toEqual([
      ['Flea Treatment', null],
    ]);
    expect(w.consultations.map((r) => [r.WellnessPropertyValue, r.Notes])).toEqual([
      ['Ear check', 'Clean, no infection.'],
    ]);
    const kept = w.pictures.find((p) => p.ID === keep.ID);
    expect(kept).toMatchObject({ Notes: 'renamed' });
    expect(storedPath(kept?.ImagePath ?? '')).toBe(storedPath(keep.ImagePath));
    expect(w.pictures.some((p) => p.ID === remove.ID)).toBe(false);
    const added = w.pictures.filter((p) => p.Notes === 'new picture');
    expect(added).toHaveLength(1);
    // a visit picture is a clinical record: stored in the clinical area, handed out as a signed link
    expect(added[0].ImagePath).toMatch(
      /^clinical\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp\?rec=\d+&clinic=\d+&exp=\d+&sig=[A-Za-z0-9_-]{43}$/,
    );
    expect(w.pictures.every((p) => p.VetVisitID === visit.id && p.PetProfileId === visit.petProfileId)).toBe(true);
    expect(uploads(ctx().config.mediaDir).length).toBe(filesBefore + 1);
    const served = await ctx().app.inject({ method: 'GET', url: `/media/${added[0].ImagePath}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // the stored records carry the clinic, the visit, the vet user and the pet
    const rows = await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.vetVisitId, visit.id));
    expect(rows.every((r) => r.clinicId === clinicId && r.petProfileId === visit.petProfileId)).toBe(true);
    expect(rows.filter((r) => r.categoryTypeId !== CATEGORY_TYPE_PICTURE).every((r) => r.vetUserId === staff[1])).toBe(
      true,
    );
  });

  it('keeps the vet user and the completed flag when they are not sent, and moves the visit between the filters', async () => {
    const visit = await pickVisit({ skip: 3 });
    expect((await save(payloadFor(visit, { isFinished: true, vetUserId: staff[2] }))).body.result).toBe(1);
    expect((await save({ ...payloadFor(visit), vetUserId: null, isFinished: undefined })).body.result).toBe(1);
    const [row] = await ctx().db.select().from(vetVisits).where(eq(vetVisits.id, visit.id));
    expect(row).toMatchObject({ isFinished: true, vetUserId: staff[2] });
    const list = async (isFinished: 0 | 1) =>
      (await api.get(API.vetVisits, { isFinished, limit: 100 })).json().data.visits.map((v) => v.ID);
    expect(await list(1)).toContain(visit.id);
    expect(await list(0)).not.toContain(visit.id);
    expect((await save(payloadFor(visit, { isFinished: false }))).body.result).toBe(1);
    expect(await list(0)).toContain(visit.id);
    expect(await list(1)).not.toContain(visit.id);
  });

  it('refuses rule failures with result 0 and a clear message, changing nothing and storing no file', async () => {
    const visit = await pickVisit({ skip: 4 });
    const before = await snapshot(visit.id);
    const filesBefore = uploads(ctx().config.mediaDir).length;
    const cases: [Record<string, unknown>, string, MultipartFile[]][] = [
      [
        { vaccinations: [{ title: 'Aspirin', date: isoDay(0), nextReminderDate: null }] },
        'Please choose a vaccination from the list',
        [],
      ],
      [
        { antiparasitics: [{ title: 'Rabies', date: isoDay(0), nextReminderDate: null }] },
        'Please choose an antiparasitic from the list',
        [],
      ],
      [
        { weight: [{ recordValue: 'heavy', date: isoDay(0), unitOfMeasureId: 1 }] },
        'Weight must be a number greater than 0 and at most 5000',
        [],
      ],
      [{ weight: [{ recordValue: '4', date: isoDay(0), unitOfMeasureId: 999 }] }, 'This value is not valid', []],
      // a weight is a mass: km (3) is a unit of another record type
      [{ weight: [{ recordValue: '4', date: isoDay(0), unitOfMeasureId: 3 }] }, 'This value is not valid', []],
      [{ visitDate: '' }, 'Please select a pet and a visit date', []],
      [{ visitDate: '2026-02-31' }, 'The visit date is not a valid date', []],
      [
        { vaccinations: [{ title: 'Rabies', date: isoDay(0), nextReminderDate: 'soon' }] },
        'The next reminder date is not a valid date',
        [],
      ],
      [{ pictures: [{ id: -1, notes: '', fileIndex: 0 }] }, 'A new picture has no image file', []],
      [
        { petId: visit.petProfileId + 1, pictures: [{ id: -1, notes: '', fileIndex: 0 }] },
        'Visit not found',
        [{ bytes: await png() }],
      ],
      [
        { vetUserId: foreignUser, pictures: [{ id: -1, notes: '', fileIndex: 0 }] },
        'Vet user not found',
        [{ bytes: await png() }],
      ],
      [{ vetVisitId: 2147483647 }, 'Visit not found', []],
      [
        { pictures: [{ id: -1, notes: '', fileIndex: 0 }] },
        'Only image files are allowed',
        [{ bytes: Buffer.from('not an image at all'), filename: 'cat.jpg' }],
      ],
    ];
    for (const [patch, message, files] of cases) {
      const res = await save(payloadFor(visit, { notes: 'must not be saved', ...patch }), files);
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expect(res.body, JSON.stringify(patch)).toEqual({ result: 0, message, data: null });
    }
    expect(await snapshot(visit.id)).toEqual(before);
    expect(uploads(ctx().config.mediaDir).length).toBe(filesBefore);
  });

  it('answers 400 for a malformed request', async () => {
    const visit = await pickVisit({ skip: 4 });
    const res = await api.send(API.saveVetVisit, { form: { payload: '{not json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
    // a plain JSON body is accepted as a payload without files
    const json = await api.send(API.saveVetVisit, { json: payloadFor(visit, { notes: 'plain json' }) });
    expect(json.json()).toMatchObject({ result: 1 });
  });

  it('leaves the visit exactly as it was, and no new file, when the save fails half-way', async () => {
    const visit = await pickVisit({ withPicture: true, skip: 1 });
    const before = await snapshot(visit.id);
    const filesBefore = uploads(ctx().config.mediaDir);
    // The database refuses the new picture row, after the visit, the rows and the kept pictures were written.
    await ctx().db.execute(
      sql.raw(`create or replace function pawtal_test_refuse_picture() returns trigger language plpgsql as $$
        begin
          if new.notes = 'refused by the database' then raise exception 'injected failure'; end if;
          return new;
        end $$`),
    );
    await ctx().db.execute(
      sql.raw(
        'create trigger pawtal_test_refuse_picture before insert on wellness_records for each row execute function pawtal_test_refuse_picture()',
      ),
    );
    try {
      const existing = before.records.filter((r) => r.categoryTypeId === CATEGORY_TYPE_PICTURE);
      const res = await save(
        payloadFor(visit, {
          notes: 'half-way',
          isFinished: !before.visit.isFinished,
          weight: [{ recordValue: 3, date: isoDay(0), unitOfMeasureId: 2 }],
          vaccinations: [{ title: 'Rabies', date: isoDay(0), nextReminderDate: isoDay(30) }],
          consultations: [{ title: 'Cough', notes: '', date: isoDay(0), nextReminderDate: null }],
          pictures: [
            { id: existing[0].id, notes: 'changed notes' },
            { id: existing[1].id, notes: '', isDeleted: true },
            { id: -1, notes: 'refused by the database', fileIndex: 0 },
          ],
        }),
        [{ bytes: await png() }],
      );
      expect(res.status).toBe(500);
      expect(res.body.result).toBe(0);
      expect(res.body.message).not.toMatch(/injected/);
    } finally {
      await ctx().db.execute(sql.raw('drop trigger pawtal_test_refuse_picture on wellness_records'));
      await ctx().db.execute(sql.raw('drop function pawtal_test_refuse_picture()'));
    }
    expect(await snapshot(visit.id)).toEqual(before);
    expect(uploads(ctx().config.mediaDir)).toEqual(filesBefore);
  });

  it('never interleaves two saves of one visit: the result is wholly one of them', async () => {
    const visit = await pickVisit({ skip: 5 });
    const a = payloadFor(visit, {
      notes: 'save A',
      vaccinations: [
        { title: 'Rabies', date: isoDay(0), nextReminderDate: null },
        { title: 'DHPP', date: isoDay(0), nextReminderDate: null },
      ],
      consultations: [{ title: 'A', notes: '', date: isoDay(0), nextReminderDate: null }],
    });
    const b = payloadFor(visit, {
      notes: 'save B',
      antiparasitics: [{ title: 'Tick Treatment', date: isoDay(0), nextReminderDate: null }],
      consultations: [{ title: 'B', notes: '', date: isoDay(0), nextReminderDate: null }],
    });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([save(a), save(b), save(a), save(b)]);
      expect(results.map((r) => r.body.result)).toEqual([1, 1, 1, 1]);
      const after = await details(visit.id);
      const w = after.petWellnessRecords;
      const shape = {
        notes: after.visit.Notes,
        vaccinations: w.vaccinations.map((r) => r.WellnessPropertyValue),
        antiparasitics: w.antiparasitics.map((r) => r.WellnessPropertyValue),
        consultations: w.consultations.map((r) => r.WellnessPropertyValue),
      };
      expect([
        { notes: 'save A', vaccinations: ['Rabies', 'DHPP'], antiparasitics: [], consultations: ['A'] },
        { notes: 'save B', vaccinations: [], antiparasitics: ['Tick Treatment'], consultations: ['B'] },
      ]).toContainEqual(shape);
    }
  });

  it('runs the whole clinic flow: pet with image, visit, save, reminder, completed, delete visit, delete pet', async () => {
    const app = ctx().app;
    const mediaDir = ctx().config.mediaDir;
    const base = mediaBase(ctx().config);

    // 1. a new patient with a photo, then edited
    const breedId = await firstDogBreedId(ctx().db);
    const pet = {
      petName: 'Flow Test Pet',
      petDateOfBirth: '2021-04-03',
      petGenderId: 2,
      petBreedId: breedId,
      petTypeId: 1,
      isSterilized: null,
      microChipId: '',
      bloodType: '',
      ownerNameForVet: 'Flora Flowers',
      ownerPhoneForVet: '+1 555 0199 321',
      ownerEmailForVet: 'flora@example.com',
    };
    const created = (await api.postForm(API.createVetPet, pet, [{ bytes: await png(120, 90) }])).json();
    expect(created.result).toBe(1);
    const petId = created.data.petProfileId;
    expect(
      (await api.postForm(API.updateVetPet, { ...pet, petProfileId: petId, petName: 'Flow Pet Renamed' })).json()
        .result,
    ).toBe(1);
    const petDetails = (await api.get(API.vetPetDetails, { petProfileId: petId })).json();
    expect(petDetails.data).toMatchObject({ petName: 'Flow Pet Renamed', ownerNameForVet: 'Flora Flowers' });
    expect(petDetails.data.petImage).not.toBe(base);
    const [petRow] = await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, petId));
    const petImageFile = path.join(mediaDir, petRow.imagePath ?? 'missing');
    expect(fs.existsSync(petImageFile)).toBe(true);

    // 2. a visit, saved with every kind of row and a picture
    const today = isoDay(0);
    const reminderDay = isoDay(21);
    const createdVisit = (await api.post(API.createVetVisit, { petId, visitDate: today, vetUserId: staff[0] })).json();
    expect(createdVisit.result).toBe(1);
    const vetVisitId = createdVisit.data.vetVisitId;
    const form = {
      petId,
      vetVisitId,
      vetUserId: staff[0],
      visitDate: today,
      notes: 'First visit: healthy.',
      isFinished: false,
      weight: [{ recordValue: '8.2', date: today, unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
      vaccinations: [{ title: 'Rabies', date: today, nextReminderDate: reminderDay }],
      antiparasitics: [{ title: 'Internal Deworming', date: today, nextReminderDate: null }],
      consultations: [{ title: 'General check', notes: 'All fine.', date: today, nextReminderDate: null }],
      pictures: [{ id: -1, notes: 'Front view', fileIndex: 0 }],
    };
    expect((await save(form, [{ bytes: await png() }])).body).toEqual({
      result: 1,
      message: '',
      data: null,
    });

    const details = (await api.get(API.vetVisitDetails, { vetVisitId })).json();
    const w = details.data.petWellnessRecords;
    expect(details.data.visit).toMatchObject({
      ID: vetVisitId,
      PetProfileID: petId,
      VetUserID: staff[0],
      Notes: 'First visit: healthy.',
      VisitDate: today,
      isFinished: false,
    });
    expect(details.data.petProfile[0]).toMatchObject({
      petProfileId: petId,
      petName: 'Flow Pet Renamed',
      weight: '8.2 kg',
    });
    expect(w.weight.records).toHaveLength(1);
    expect(w.vaccinations.map((r) => [r.WellnessPropertyValue, r.NextReminderDate])).toEqual([['Rabies', reminderDay]]);
    expect(w.antiparasitics.map((r) => r.WellnessPropertyValue)).toEqual(['Internal Deworming']);
    expect(w.consultations.map((r) => [r.WellnessPropertyValue, r.Notes])).toEqual([['General check', 'All fine.']]);
    expect(w.pictures).toHaveLength(1);
    const pictureFile = path.join(mediaDir, storedPath(w.pictures[0].ImagePath));
    expect(fs.existsSync(pictureFile)).toBe(true);

    // 3. the reminder appears on its day, with the pet and owner
    const reminders = (await api.post(API.vetReminders, { date: reminderDay, offset: 1, limit: 100 })).json();
    const mine = reminders.data.reminders.filter((r) => r.petProfileId === petId);
    expect(mine).toEqual([
      expect.objectContaining({
        id: w.vaccinations[0].ID,
        petName: 'Flow Pet Renamed',
        ownerNameForVet: 'Flora Flowers',
        recordValue: 'Rabies',
        nextReminderDate: reminderDay,
        categoryTypeId: 9,
      }),
    ]);

    // 4. marked completed (the client sends the whole form again, the picture by its id)
    const completed = { ...form, isFinished: true, pictures: [{ id: w.pictures[0].ID, notes: 'Front view' }] };
    expect((await save(completed)).body.result).toBe(1);
    const ids = async (isFinished: 0 | 1 | 2) =>
      (await api.get(API.vetVisits, { isFinished, limit: 100 })).json().data.visits.map((v) => v.ID);
    expect(await ids(1)).toContain(vetVisitId);
    expect(await ids(0)).not.toContain(vetVisitId);
    expect(fs.existsSync(pictureFile)).toBe(true);

    // 5. the visit is deleted (gone from every list at once), its records and picture file kept for the undo
    expect((await api.post(API.deleteVetVisit, { vetVisitId, petId })).json()).toEqual({
      result: 1,
      message: '',
      data: null,
    });
    expect((await api.get(API.vetVisitDetails, { vetVisitId })).json().message).toBe('Visit not found');
    expect(await ids(2)).not.toContain(vetVisitId);
    const afterDelete = (await api.post(API.vetReminders, { date: reminderDay, offset: 1, limit: 100 })).json();
    expect(afterDelete.data.reminders.filter((r) => r.petProfileId === petId)).toEqual([]);
    expect(fs.existsSync(pictureFile)).toBe(true);

    // 6. the pet is deleted too
    expect((await api.post(API.deleteVetPet, { petId })).json().result).toBe(1);
    expect((await api.get(API.vetPetDetails, { petProfileId: petId })).json().result).toBe(0);
    expect(fs.existsSync(petImageFile)).toBe(true);

    // 7. the purge, after the restore window: rows and files go for good
    await purgeDeleted(app, ctx().config.deletedRetentionDays, daysFromNow(ctx().config.deletedRetentionDays + 1));
    expect(await ctx().db.select().from(wellnessRecords).where(eq(wellnessRecords.vetVisitId, vetVisitId))).toEqual([]);
    expect(await ctx().db.select().from(clinicPatients).where(eq(clinicPatients.petProfileId, petId))).toEqual([]);
    expect(await ctx().db.select().from(petProfiles).where(eq(petProfiles.id, petId))).toEqual([]);
    expect(fs.existsSync(pictureFile)).toBe(false);
    expect(fs.existsSync(petImageFile)).toBe(false);
  });
});
