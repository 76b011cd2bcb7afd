import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinics, vetVisits } from '#server/db/schema';
import { MAX_UPLOAD_FILES } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { PET_FORM_MAX } from '#shared/forms/pet-form';
import { VISIT_FORM_MAX } from '#shared/forms/visit-payload';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

type Json = Record<string, unknown>;

function uploads(mediaDir: string): string[] {
  const root = path.join(mediaDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** One server form parser (src/server/http/form-body.ts) behind every portal payload, and the docs it gives. */
describeOnBothDatabases('Portal form bodies', (ctx) => {
  let token = '';
  let visit = { id: 0, petProfileId: 0 };

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    const [clinic] = await ctx().db.select({ id: clinics.id }).from(clinics).where(eq(clinics.username, DEMO_CLINIC));
    [visit] = await ctx()
      .db.select({ id: vetVisits.id, petProfileId: vetVisits.petProfileId })
      .from(vetVisits)
      .where(eq(vetVisits.clinicId, clinic.id))
      .orderBy(asc(vetVisits.id))
      .limit(1);
  });

  // The bodies here are malformed on purpose (text, inherited keys, huge numbers): sent as they are.
  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );
  const multipart = async <P extends string>(
    path: P,
    payload: unknown,
    files: MultipartFile[] = [],
    language = 'en',
  ) => {
    const res = await api.send(path, { form: { payload, files } }, { headers: { 'accept-language': language } });
    return { status: res.statusCode, body: res.json() };
  };
  const json = async <P extends string>(path: P, payload: string, language = 'en') => {
    const res = await api.send(path, { json: payload }, { headers: { 'accept-language': language } });
    return { status: res.statusCode, body: res.json() };
  };
  const saveBody = (over: Json = {}) => ({
    petId: visit.petProfileId,
    vetVisitId: visit.id,
    visitDate: '2026-03-05',
    ...over,
  });

  describe('the API document', () => {
    let doc: { paths: Record<string, { post: { requestBody?: { content: Record<string, { schema: Json }> } } }> };
    beforeAll(async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });
    const body = (url: string, type: string) =>
      doc.paths[url].post.requestBody?.content[type]?.schema as Json & {
        properties: Record<string, Json & { properties?: Record<string, Json>; items?: Json }>;
      };

    it('lists the multipart and JSON bodies of SaveVetVisit, written from the shared schema', () => {
      const form = body(API.saveVetVisit, 'multipart/form-data');
      expect(form.required).toEqual(['json']);
      expect(form.properties.imageFile).toMatchObject({
        type: 'array',
        maxItems: MAX_UPLOAD_FILES,
        items: { type: 'string', format: 'binary' },
      });
      const payload = form.properties.json;
      expect(payload.required).toEqual(expect.arrayContaining(['petId', 'vetVisitId', 'visitDate']));
      const fields = payload.properties as Record<
        string,
        Json & { items: Json & { properties: Record<string, Json> } }
      >;
      expect(fields.weight).toMatchObject({ type: 'array', maxItems: VISIT_FORM_MAX.weightRows });
      expect(fields.weight.items.properties.date).toMatchObject({ type: 'string', format: 'date' });
      expect(fields.weight.items.required).toBeUndefined();
      expect(fields.visitDate).toMatchObject({ type: 'string', format: 'date' });
      expect(fields.vetUserId).toMatchObject({ type: 'integer', minimum: 1, nullable: true });
      expect(fields.pictures.items.properties.fileIndex).toMatchObject({
        type: 'integer',
        minimum: 0,
        maximum: MAX_UPLOAD_FILES - 1,
      });
      expect(fields.notes).toMatchObject({ type: 'string', maxLength: VISIT_FORM_MAX.notes });
      expect(body(API.saveVetVisit, 'application/json').properties.weight).toMatchObject({
        maxItems: VISIT_FORM_MAX.weightRows,
      });
    });

    it('lists the bodies of CreateVetPet, UpdateVetPet and CreateVetVisit', () => {
      for (const url of [API.createVetPet, API.updateVetPet]) {
        const form = body(url, 'multipart/form-data');
        expect(form.properties.imageFile).toMatchObject({ maxItems: 1 });
        const pet = form.properties.json;
        expect(pet.properties?.petName).toMatchObject({ type: 'string', maxLength: PET_FORM_MAX.petName });
        expect(pet.properties?.petGenderId).toMatchObject({ type: 'integer', enum: [1, 2] });
        expect(pet.properties?.isSterilized).toMatchObject({ type: 'boolean', nullable: true });
        expect(pet.required).toEqual(expect.arrayContaining(['petName', 'petTypeId', 'petBreedId', 'petDateOfBirth']));
      }
      expect(body(API.updateVetPet, 'application/json').properties.petProfileId).toMatchObject({
        type: 'integer',
        nullable: true,
      });
      expect(body(API.createVetPet, 'application/json').properties.petProfileId).toBeUndefined();
      const create = body(API.createVetVisit, 'application/json');
      expect(create).toMatchObject({ type: 'object', required: ['petId', 'visitDate', 'vetUserId'] });
      expect(doc.paths[API.createVetVisit].post.requestBody?.content['multipart/form-data']).toBeUndefined();
    });
  });

  describe('the parser', () => {
    it.each([
      ['an array', '[1,2]', 'Invalid json: expected an object, not an array'],
      ['a string', '"text"', 'Invalid json: expected an object, not a string'],
      ['null', 'null', 'Invalid json: expected an object, not null'],
      ['broken JSON', '{"petId":', 'Malformed JSON in the json part'],
    ])('answers 400 with the envelope for %s in the json part, on every form', async (_name, text, message) => {
      for (const url of [API.saveVetVisit, API.createVetPet, API.updateVetPet]) {
        const res = await multipart(url, text);
        expect(res.status, url).toBe(400);
        expect(res.body).toMatchObject({ result: 0, message, data: null });
      }
    });

    it('answers 400 for a JSON body that is not an object and for a number out of range', async () => {
      expect(await json(API.createVetVisit, '[]')).toMatchObject({
        status: 400,
        body: { result: 0, message: 'Invalid json: expected an object, not an array' },
      });
      // a JSON null was answered 'Expected a multipart body with a json part', on a call that takes JSON too
      for (const url of [API.createVetVisit, API.saveVetVisit, API.createVetPet])
        expect(await json(url, 'null'), url).toMatchObject({
          status: 400,
          body: { result: 0, message: 'Invalid json: expected an object, not null' },
        });
      const huge = await multipart(API.saveVetVisit, `{"petId":1e309,"vetVisitId":1,"visitDate":"2026-01-01"}`);
      expect(huge.status).toBe(400);
      expect(huge.body.message).toContain('petId');
    });

    it('answers 400 for an object or a list where a single value is expected, on every form', async () => {
      // yup's typeError made these a rule broken (result 0, HTTP 200), unlike every other malformed body
      const expected = (field: string) => ({
        status: 400,
        body: {
          result: 0,
          message: `Invalid value (${field}): expected a single value, not an object or a list.`,
          data: null,
        },
      });
      const jsonCases: [string, Json, string][] = [
        [API.answerVisitRequest, { requestId: 1, visitDate: '2026-03-05', message: { text: 'hi' } }, 'message'],
        [API.answerVisitRequest, { requestId: 1, decline: true, message: ['hi'] }, 'message'],
        [API.saveVetOwner, { name: ['Ana'], phone: '600' }, 'name'],
        [API.saveVetOwner, { name: 'Ana', phone: '600', language: { code: 'es' } }, 'language'],
        [API.createVetVisit, { petId: visit.petProfileId, visitDate: '2026-03-05', vetUserId: {} }, 'vetUserId'],
        [API.requestVisit, { token: { id: 1 }, preferredDays: ['2026-03-05'], partOfDay: 'any' }, 'token'],
        [API.requestVisit, { token: 't', preferredDays: [['2026-03-05']], partOfDay: 'any' }, 'preferredDays.0'],
      ];
      for (const [url, payload, field] of jsonCases)
        expect(await json(url, JSON.stringify(payload)), `${url} ${field}`).toMatchObject(expected(field));
      expect(await multipart(API.saveVetVisit, saveBody({ notes: { x: 1 } }))).toMatchObject(expected('notes'));
      expect(
        await multipart(API.saveVetVisit, saveBody({ weight: [{ recordValue: 4, unitOfMeasureId: [1] }] })),
      ).toMatchObject(expected('weight.0.unitOfMeasureId'));
      expect(await multipart(API.createVetPet, { petName: {} })).toMatchObject(expected('petName'));
      const arabic = await json(API.saveVetOwner, JSON.stringify({ name: {}, phone: '600' }), 'ar');
      expect(arabic.status).toBe(400);
      expect(arabic.body.message).toMatch(/^قيمة غير صالحة \(name\)/);
    });

    it("answers a broken rule with result 0 in the request's language, inherited keys dropped first", async () => {
      // (Fastify's JSON parser itself refuses "__proto__" and "constructor.prototype" with a 400.)
      const inherited = (fields: Json) =>
        JSON.stringify(fields).replace(/^\{/, '{"valueOf":"","toString":1,"hasOwnProperty":{"valueOf":2},');
      expect((await json(API.createVetVisit, inherited({ petId: 4, vetUserId: 1 }), 'es')).body).toEqual({
        result: 0,
        message: 'Selecciona una mascota y una fecha de visita',
        data: null,
      });
      expect((await multipart(API.saveVetVisit, inherited({ petId: 4, vetVisitId: 1 }))).body).toMatchObject({
        result: 0,
        message: 'Please select a pet and a visit date',
      });
      const pet = {
        petTypeId: 1,
        petBreedId: 1,
        ownerNameForVet: 'Ana',
        ownerPhoneForVet: '600',
        petGenderId: 1,
        petDateOfBirth: '2020-01-01',
      };
      expect((await multipart(API.createVetPet, inherited(pet), [], 'es')).body).toMatchObject({
        result: 0,
        message: 'El nombre de la mascota es obligatorio',
      });
      const twoWeights = saveBody({
        weight: [
          { recordValue: 4, unitOfMeasureId: 1 },
          { recordValue: 5, unitOfMeasureId: 1 },
        ],
      });
      expect((await multipart(API.saveVetVisit, twoWeights, [], 'es')).body).toEqual({
        result: 0,
        message: 'Demasiadas filas en esta visita',
        data: null,
      });
    });

    it('saves a weight row without a date on the visit date, and ignores fields the client must not set', async () => {
      const res = await multipart(
        API.saveVetVisit,
        saveBody({ clinicId: 999, weight: [{ recordValue: '7,5', unitOfMeasureId: 1 }] }),
      );
      expect(res.body).toMatchObject({ result: 1 });
      const details = await api.get(API.vetVisitDetails, { vetVisitId: visit.id });
      const weight = details.json().data.petWellnessRecords.weight.records;
      expect(
        weight.filter((w) => w.VetVisitID === visit.id).map((w) => [w.ActionDate, w.WellnessPropertyValue]),
      ).toEqual([['2026-03-05', '7.5']]);
    });

    it('stores no file when it refuses a form that came with images', async () => {
      const image: MultipartFile = {
        bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
        contentType: 'image/png',
      };
      const before = uploads(ctx().config.mediaDir).sort();
      expect(
        (await multipart(API.saveVetVisit, saveBody({ visitDate: '2026-02-30', pictures: [{ id: -1 }] }), [image]))
          .body,
      ).toMatchObject({ result: 0, message: 'The visit date is not a valid date' });
      expect(
        (await multipart(API.createVetPet, { petName: 'x'.repeat(PET_FORM_MAX.petName + 1) }, [image])).body,
      ).toMatchObject({ result: 0 });
      expect((await multipart(API.updateVetPet, '[]', [image])).status).toBe(400);
      expect(uploads(ctx().config.mediaDir).sort()).toEqual(before);
    });
  });
});
