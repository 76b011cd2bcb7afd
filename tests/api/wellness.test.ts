import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { WellnessCategoryType } from '#shared/contract/wellness';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';

const RECORD_KEYS = [
  'actionDate',
  'id',
  'image',
  'imagePath',
  'notes',
  'recordValue',
  'unitOfMeasure',
  'unitOfMeasureId',
];

/** A call of the public pet page, its query as the page's address holds it. */
async function get<P extends string>(s: TestServer, path: P, query = '') {
  const res = await injectApi(s.app).send(path, { query });
  return { status: res.statusCode, body: res.json() };
}

async function petId(s: TestServer, publicId: string): Promise<number> {
  const { body } = await get(s, API.petDetailsByPublicId, `publicId=${publicId}`);
  return body.data.petId;
}

describeOnBothDatabases('Pet wellness API', (ctx) => {
  it('lists the stored categories sorted by id', async () => {
    const { status, body } = await get(ctx(), API.wellnessCategories);
    expect(status).toBe(200);
    expect(body).toEqual({
      result: 1,
      message: '',
      data: [
        { id: 2, title: 'Activity' },
        { id: 3, title: 'Medical Care' },
        { id: 4, title: 'Heart & Vitals' },
        { id: 5, title: 'Grooming & Hygiene' },
      ],
    });
  });

  it("gives a category's types with DEMO0001's records, newest first, with units and picture flags", async () => {
    const s = ctx();
    const id = await petId(s, 'DEMO0001');
    const all: WellnessCategoryType[] = [];
    for (const categoryId of [2, 3, 4, 5]) {
      const { status, body } = await get(
        s,
        API.wellnessCategoryTypes,
        `petProfile=${id}&publicId=DEMO0001&categoryId=${categoryId}`,
      );
      expect(status).toBe(200);
      expect(body.result).toBe(1);
      all.push(...body.data);
    }
    expect(all.map((t) => t.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17, 18]);
    const medical = (await get(s, API.wellnessCategoryTypes, `petProfile=${id}&publicId=DEMO0001&categoryId=3`)).body
      .data;
    expect(medical.map((t) => t.title)).toEqual([
      'Vaccination',
      'Antiparasitic',
      'Medication',
      'Consultation',
      'Picture',
    ]);
    const records = all.flatMap((t) => t.records);
    expect(records.length).toBeGreaterThan(5);
    for (const t of all) {
      expect(Object.keys(t).sort()).toEqual(['id', 'records', 'title']);
      const dates = t.records.map((r) => r.actionDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const r of t.records) {
        expect(Object.keys(r).sort()).toEqual(RECORD_KEYS);
        expect(r.image).toBe(r.imagePath !== null);
        if (r.imagePath) expect(r.imagePath.startsWith('/media/')).toBe(true);
      }
    }
    const weight = all.find((t) => t.id === 1);
    expect(weight?.records.length).toBeGreaterThan(0);
    expect(['kg', 'lb']).toContain(weight?.records[0].unitOfMeasure);
  });

  it('gives nothing of a pet whose records are private', async () => {
    const s = ctx();
    const id = await petId(s, 'DEMO0003');
    for (const categoryId of [2, 3, 4, 5]) {
      const { status, body } = await get(
        s,
        API.wellnessCategoryTypes,
        `petProfile=${id}&publicId=DEMO0003&categoryId=${categoryId}`,
      );
      expect(status).toBe(200);
      expect(body).toEqual({ result: 0, message: "This pet's records are private.", data: null });
    }
  });

  it('gives nothing when the pet id and the public id do not belong together, or are missing', async () => {
    const s = ctx();
    const id = await petId(s, 'DEMO0001');
    const mismatch = await get(s, API.wellnessCategoryTypes, `petProfile=${id}&publicId=DEMO0002&categoryId=3`);
    expect(mismatch.body).toEqual({ result: 0, message: 'Pet not found.', data: null });
    const unknown = await get(s, API.wellnessCategoryTypes, `petProfile=999999&publicId=DEMO0001&categoryId=3`);
    expect(unknown.body.result).toBe(0);
    const noPublic = await get(s, API.wellnessCategoryTypes, `petProfile=${id}&categoryId=3`);
    expect(noPublic.status).toBe(400);
    expect(noPublic.body.result).toBe(0);
    const noPet = await get(s, API.wellnessCategoryTypes, `publicId=DEMO0001&categoryId=3`);
    expect(noPet.status).toBe(400);
    const unknownCategory = await get(s, API.wellnessCategoryTypes, `petProfile=${id}&publicId=DEMO0001&categoryId=99`);
    expect(unknownCategory.body).toEqual({ result: 1, message: '', data: [] });
  });
});
