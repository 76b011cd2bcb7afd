import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { clinicPatients, clinicUsers, clinics, petProfiles, wellnessRecords } from '#server/db/schema';
import { mediaLinks } from '#server/media/signed-links';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { pngImage } from '#tests/support/images';
import { DEMO_CLINIC, OTHER_CLINIC, loginClinic } from '#tests/support/vet-session';

const SECRET_NOTE = 'Owner mentioned a domestic conflict at home';

/**
 * Issue 20 item 5: what a clinic writes stays in the clinic. A pet whose owner made its records
 * public: the clinic's vaccinations and weight show, its consultations and visit pictures never
 * (anonymous wellness call, the server-rendered page). Visit pictures load only through their
 * signed, expiring links; without, with a tampered or an expired signature: 403.
 */
describeOnBothDatabases('Clinical records stay in the clinic', (ctx) => {
  let token = '';
  let petId = 0;
  let visitId = 0;
  let picture = '';

  beforeAll(async () => {
    const db = ctx().db;
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [pet] = await db
      .select({ id: petProfiles.id, isRecordsPrivate: petProfiles.isRecordsPrivate })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0001'));
    expect(pet.isRecordsPrivate).toBe(false);
    petId = pet.id;
    const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    const [patient] = await db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, clinic.id), eq(clinicPatients.petProfileId, petId)));
    if (!patient)
      await db.insert(clinicPatients).values({
        clinicId: clinic.id,
        petProfileId: petId,
        ownerNameForVet: 'Demo Owner',
        ownerPhoneForVet: '+1 555 0100 000',
      });
    const [vet] = await db
      .select({ id: clinicUsers.id })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinic.id))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    const api = injectApi(ctx().app, { token });
    const created = await api.post(API.createVetVisit, { petId, visitDate: '2026-02-02', vetUserId: vet.id });
    visitId = created.json().data.vetVisitId;
    const saved = await api.postForm(
      API.saveVetVisit,
      {
        petId,
        vetVisitId: visitId,
        visitDate: '2026-02-02',
        vaccinations: [{ title: 'Leptospirosis', nextReminderDate: null }],
        consultations: [{ title: 'Behaviour', notes: SECRET_NOTE }],
        pictures: [{ id: -1, notes: 'Bruise on the flank', fileIndex: 0 }],
      },
      [{ bytes: await pngImage({ width: 30, height: 20, colour: '#aa3355' }) }],
    );
    expect(saved.json().result).toBe(1);
    const details = (await api.get(API.vetVisitDetails, { vetVisitId: visitId })).json().data;
    const p = details.petWellnessRecords.pictures[0];
    picture = p.ImageHostLink + p.ImagePath;
  });

  it('never answers a consultation or a visit picture in a public call, whatever the owner chose; vaccinations stay public', async () => {
    const api = injectApi(ctx().app);
    const categories = (await api.get(API.wellnessCategories)).json().data;
    let all = '';
    const values: string[] = [];
    for (const c of categories) {
      const res = await api.get(API.wellnessCategoryTypes, {
        petProfile: petId,
        publicId: 'DEMO0001',
        categoryId: c.id,
      });
      all += res.body;
      for (const type of res.json().data ?? []) {
        // No consultation (17) or picture (18) the clinic wrote; the owner's own records of those types may remain.
        values.push(...type.records.map((r) => r.recordValue));
      }
    }
    expect(values).toContain('Leptospirosis');
    expect(all).not.toContain(SECRET_NOTE);
    expect(all).not.toContain('Bruise on the flank');
    expect(all).not.toContain('clinical/');
    const page = await api.get(API.petDetailsByPublicId, { publicId: 'DEMO0001' });
    expect(page.body).not.toContain(SECRET_NOTE);
  });

  it('serves a visit picture only through its signed link, kept private by caches', async () => {
    const served = await ctx().app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // the browser asks again each time (304 while the picture lives): a deleted picture is gone from it too
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const again = await ctx().app.inject({
      method: 'GET',
      url: picture,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const [address, query] = picture.split('?');
    const params = new URLSearchParams(query);
    const sig = params.get('sig') ?? '';
    const exp = params.get('exp') ?? '';
    const record = `rec=${params.get('rec')}&clinic=${params.get('clinic')}`;
    const tampered = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const url of [
      address,
      `${address}?${record}&exp=${exp}`,
      `${address}?${record}&sig=${sig}`,
      `${address}?exp=${exp}&sig=${sig}`,
      `${address}?${record}&exp=${exp}&sig=${tampered}`,
      `${address}?${record}&exp=${Number(exp) + 300}&sig=${sig}`,
    ]) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toMatchObject({ result: 0 });
    }
    // A valid signature of another picture does not open this one.
    const [demoPicture] = await ctx()
      .db.select({ id: wellnessRecords.id, clinicId: wellnessRecords.clinicId, imagePath: wellnessRecords.imagePath })
      .from(wellnessRecords)
      .where(like(wellnessRecords.imagePath, 'clinical/demo/%'))
      .limit(1);
    const otherPath = String(demoPicture.imagePath);
    const relative = address.replace(/^\/media\//, '');
    const links = await ctx().app.mediaLinks();
    const signedOther = links.sign(otherPath, { recordId: demoPicture.id, clinicId: Number(demoPicture.clinicId) });
    const thisPicture = { recordId: Number(params.get('rec')), clinicId: Number(params.get('clinic')) };
    expect((await ctx().app.inject({ method: 'GET', url: `${address}?${signedOther.split('?')[1]}` })).statusCode).toBe(
      403,
    );
    // An expired link: signed long ago with the server's own key.
    const expired = links.sign(relative, thisPicture, Date.now() - 2 * 24 * 3600_000);
    expect((await ctx().app.inject({ method: 'GET', url: `/media/${expired}` })).statusCode).toBe(403);
    // The demo's visit pictures too; the clinical folder is never served as static files.
    expect((await ctx().app.inject({ method: 'GET', url: `/media/${otherPath}` })).statusCode).toBe(403);
    expect((await ctx().app.inject({ method: 'GET', url: `/media/${signedOther}` })).statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: '/media/clinical/../pets/dog-01.webp' })).statusCode).not.toBe(
      500,
    );
    // A key the server does not hold signs nothing it accepts.
    const forged = mediaLinks('x'.repeat(40), 60).sign(relative, thisPicture);
    expect((await ctx().app.inject({ method: 'GET', url: `/media/${forged}` })).statusCode).toBe(403);
  });

  it("stops serving a link once its picture, its visit or its pet is deleted, or the record is not the clinic's", async () => {
    const api = injectApi(ctx().app, { token });
    const [vet] = await ctx()
      .db.select({ id: clinicUsers.id, clinicId: clinicUsers.clinicId })
      .from(clinicUsers)
      .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
      .where(eq(clinics.username, DEMO_CLINIC))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    const pet = await api.envelope.postForm(API.createVetPet, {
      petName: 'Linked',
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Link Owner',
      ownerPhoneForVet: '+1 555 0100 777',
      petGenderId: 2,
      petDateOfBirth: '2022-02-02',
    });
    const petId = pet.data.petProfileId;
    const visitId = (await api.envelope.post(API.createVetVisit, { petId, visitDate: '2026-03-03', vetUserId: vet.id }))
      .data.vetVisitId;
    const pictureBytes = await pngImage({ width: 24, height: 24, colour: '#3355aa' });
    const save = (pictures: { id: number; notes: string; fileIndex?: number; isDeleted?: boolean }[], files = 0) =>
      api.envelope.postForm(
        API.saveVetVisit,
        { petId, vetVisitId: visitId, visitDate: '2026-03-03', pictures },
        Array.from({ length: files }, () => ({ bytes: pictureBytes })),
      );
    expect(
      (
        await save(
          [
            { id: -1, notes: 'first', fileIndex: 0 },
            { id: -2, notes: 'second', fileIndex: 1 },
          ],
          2,
        )
      ).result,
    ).toBe(1);
    const links = async () =>
      (await api.envelope.get(API.vetVisitDetails, { vetVisitId: visitId })).data.petWellnessRecords.pictures;
    const [first, second] = await links();
    const status = async (p: { ImageHostLink: string; ImagePath: string }) =>
      (await ctx().app.inject({ method: 'GET', url: p.ImageHostLink + p.ImagePath })).statusCode;
    expect([await status(first), await status(second)]).toEqual([200, 200]);

    // the picture removed in a save: its link answers 404 at once (its file is removed after the commit)
    expect(
      (
        await save([
          { id: first.ID, notes: 'first', isDeleted: true },
          { id: second.ID, notes: 'second' },
        ])
      ).result,
    ).toBe(1);
    expect([await status(first), await status(second)]).toEqual([404, 200]);

    // the visit deleted: 404; restored: the same link works again
    expect((await api.envelope.post(API.deleteVetVisit, { vetVisitId: visitId, petId })).result).toBe(1);
    const deleted = await ctx().app.inject({ method: 'GET', url: second.ImageHostLink + second.ImagePath });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.headers['cache-control']).toBe('private, no-store');
    expect(deleted.json()).toMatchObject({ result: 0, data: null });
    expect((await api.envelope.post(API.restoreVetVisit, { vetVisitId: visitId })).result).toBe(1);
    expect(await status(second)).toBe(200);

    // a valid signature for another clinic: the record is not that clinic's
    const [other] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, OTHER_CLINIC));
    const path = second.ImagePath.split('?')[0];
    const asOther = (await ctx().app.mediaLinks()).sign(path, { recordId: second.ID, clinicId: other.id });
    expect((await ctx().app.inject({ method: 'GET', url: `/media/${asOther}` })).statusCode).toBe(404);

    // the pet deleted: 404
    expect((await api.envelope.post(API.deleteVetPet, { petId })).result).toBe(1);
    expect(await status(second)).toBe(404);
  });
});
