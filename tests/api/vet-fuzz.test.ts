import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { multipartBody } from '#tests/support/multipart-body';
import { bearer, DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/** Tables a portal call may write: a refused call must leave their content as it was. */
const WATCHED = ['pet_profiles', 'clinic_patients', 'vet_visits', 'wellness_records'];

// ---------------------------------------------------------------- generators

/** Ids near the seeded ones, out-of-range ones and wrong types. */
const anyId = fc.oneof(
  fc.integer({ min: -3, max: 60 }),
  fc.constantFrom(0, 2147483647, 2147483648, -2147483649, 1e20, 1.5, Number.MAX_SAFE_INTEGER),
  fc.constantFrom('1', '', ' ', '12abc', 'null', '0x10'),
  fc.constant(null),
  fc.boolean(),
);
const anyDate = fc.oneof(
  fc.constantFrom('2026-03-05', '2026-02-30', '1899-12-31', '9999-12-31', '0000-00-00', '2026-3-5', '', '05/03/2026'),
  fc
    .date({ min: new Date('1800-01-01'), max: new Date('3000-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constant(null),
);
/** Text including NUL and other control characters, long strings and non-strings. */
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', "'; drop table vet_visits; --", '%_\\', 'x'.repeat(10_001)),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const anyTitle = fc.oneof(fc.constantFrom(...VACCINATION_CHOICES, ...ANTIPARASITIC_CHOICES, '', '  '), anyText);
const anyFlag = fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, null, 'yes'));
const row = fc.record(
  { title: anyTitle, notes: anyText, date: anyDate, nextReminderDate: anyDate, isDeleted: anyFlag },
  { requiredKeys: [] },
);
const rows = fc.oneof(fc.array(row, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }));
const savePayload = fc.record(
  {
    petId: anyId,
    vetVisitId: anyId,
    vetUserId: anyId,
    visitDate: anyDate,
    notes: anyText,
    isFinished: anyFlag,
    weight: fc.oneof(
      fc.array(
        fc.record(
          {
            recordValue: fc.oneof(fc.double(), fc.string({ maxLength: 8 }), fc.constantFrom('4,5', '-1', '1e999', '')),
            unitOfMeasureId: anyId,
            date: anyDate,
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    vaccinations: rows,
    antiparasitics: rows,
    consultations: rows,
    pictures: fc.array(
      fc.record(
        { id: anyId, notes: anyText, isDeleted: anyFlag, fileIndex: fc.oneof(fc.integer({ min: -2, max: 12 }), anyId) },
        { requiredKeys: [] },
      ),
      {
        maxLength: 4,
      },
    ),
    clinicId: anyId,
  },
  { requiredKeys: [] },
);
const petPayload = fc.record(
  {
    petProfileId: anyId,
    petName: anyText,
    petDateOfBirth: anyDate,
    petGenderId: anyId,
    petBreedId: anyId,
    petTypeId: anyId,
    isSterilized: anyFlag,
    microChipId: anyText,
    bloodType: anyText,
    ownerNameForVet: anyText,
    ownerPhoneForVet: anyText,
    ownerEmailForVet: anyText,
    ownerId: anyId,
  },
  { requiredKeys: [] },
);
/** A JSON part: a near-valid payload, any JSON value, or text that is not JSON at all. */
const jsonPart = (structured: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: structured.map((v) => JSON.stringify(v)) },
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  );
/** Uploads: none, random bytes, or a tiny valid-looking header with garbage. */
const fileParts = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
  ),
  { maxLength: 2 },
);
const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.constantFrom('', '2147483648', 'abc', '1.5', '-0', '%00', '2026-01-01'),
  fc.string({ maxLength: 10 }),
);
const query = (keys: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })), queryValue, { maxKeys: 5 }).map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  );
const jsonBody = (structured: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: structured }, fc.jsonValue({ maxDepth: 3 }));

describeOnBothDatabases('Portal calls under random input', (ctx) => {
  let token = '';

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
  });

  /** One digest of every watched table. */
  async function digest(): Promise<string> {
    const parts = await Promise.all(
      WATCHED.map(async (table) => {
        const rows = (await ctx().db.execute(
          sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`),
        )) as unknown;
        const list = Array.isArray(rows) ? rows : (rows as { rows: { h: string }[] }).rows;
        return (list as { h: string }[])[0].h;
      }),
    );
    return parts.join(':');
  }

  /** Runs a request; never a 5xx; when it is refused (4xx or result 0), nothing changed. */
  async function check(request: InjectOptions, mutating: boolean): Promise<void> {
    const before = mutating ? await digest() : '';
    const res = await ctx().app.inject(request);
    expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
    const body = res.json() as { result: number; message: string };
    expect([0, 1]).toContain(body.result);
    expect(typeof body.message).toBe('string');
    if (res.statusCode >= 400) expect(body.result).toBe(0);
    if (mutating && body.result === 0) expect(await digest()).toBe(before);
  }

  const runs = { numRuns: 40 };

  it('GET calls never fail with a 5xx, whatever the query', async () => {
    const gets: [string, string[]][] = [
      [API.vetVisits, ['isFinished', 'offset', 'limit']],
      [API.vetPets, ['offset', 'limit', 'searchTerm', 'sortField', 'sortOrder']],
      [API.vetPetDetails, ['petProfileId']],
      [API.vetPetVisits, ['petProfileId', 'offset', 'limit']],
      [API.vetVisitDetails, ['vetVisitId']],
    ];
    for (const [url, keys] of gets) {
      await fc.assert(
        fc.asyncProperty(query(keys), async (q) => {
          await check({ method: 'GET' as const, url: `${url}?${q}`, headers: bearer(token) }, false);
        }),
        runs,
      );
    }
  });

  it('JSON POST calls never fail with a 5xx and change nothing when they refuse', async () => {
    const posts: [string, fc.Arbitrary<unknown>][] = [
      [
        API.createVetVisit,
        fc.record({ petId: anyId, visitDate: anyDate, vetUserId: anyId, clinicId: anyId }, { requiredKeys: [] }),
      ],
      [API.deleteVetVisit, fc.record({ vetVisitId: anyId, petId: anyId }, { requiredKeys: [] })],
      [API.vetReminders, fc.record({ date: anyDate, offset: anyId, limit: anyId }, { requiredKeys: [] })],
      [API.deleteVetPet, fc.record({ petId: anyId }, { requiredKeys: [] })],
    ];
    for (const [url, structured] of posts) {
      await fc.assert(
        fc.asyncProperty(jsonBody(structured), async (payload) => {
          await check(
            {
              method: 'POST' as const,
              url,
              headers: { ...bearer(token), 'content-type': 'application/json' },
              payload: JSON.stringify(payload),
            },
            true,
          );
        }),
        runs,
      );
    }
  });

  it('multipart calls never fail with a 5xx and change nothing when they refuse', async () => {
    const multiparts: [string, fc.Arbitrary<unknown>][] = [
      [API.saveVetVisit, savePayload],
      [API.createVetPet, petPayload],
      [API.updateVetPet, petPayload],
    ];
    for (const [url, structured] of multiparts) {
      await fc.assert(
        fc.asyncProperty(jsonPart(structured), fileParts, async (json, files) => {
          const mp = multipartBody(
            json,
            files.map((bytes) => ({ bytes })),
          );
          await check(
            { method: 'POST' as const, url, headers: { ...bearer(token), ...mp.headers }, payload: mp.body },
            true,
          );
        }),
        runs,
      );
    }
  });

  it('survives keys that name Object.prototype members in every body and query', async () => {
    const inherited =
      '{"valueOf":"","toString":1,"constructor":{"prototype":{}},"hasOwnProperty":[],"petId":1,"vetVisitId":1}';
    for (const url of [API.vetVisits, API.vetPets, API.vetPetDetails, API.vetPetVisits, API.vetVisitDetails]) {
      await check(
        { method: 'GET', url: `${url}?valueOf=1&toString=2&constructor=3&__proto__=4`, headers: bearer(token) },
        false,
      );
    }
    for (const url of [API.createVetVisit, API.deleteVetVisit, API.vetReminders, API.deleteVetPet]) {
      await check(
        { method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: inherited },
        true,
      );
    }
    for (const url of [API.saveVetVisit, API.createVetPet, API.updateVetPet]) {
      const mp = multipartBody(inherited);
      await check({ method: 'POST', url, headers: { ...bearer(token), ...mp.headers }, payload: mp.body }, true);
      const nested = multipartBody(
        '{"vaccinations":[{"valueOf":"x"}],"pictures":[{"toString":"y"}],"petName":{"valueOf":1}}',
      );
      await check(
        { method: 'POST', url, headers: { ...bearer(token), ...nested.headers }, payload: nested.body },
        true,
      );
    }
  });
});
