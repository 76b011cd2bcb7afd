import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { multipartBody } from '#tests/support/multipart-body';

const long = (n: number) => 'x'.repeat(n);

/** [url, expected status, expected result] — never a 5xx, always the envelope. */
const GETS: [string, number, 0 | 1][] = [
  [`${API.petsForAdoption}?petTypeId=1&offset=abc&limit=4`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=abc&offset=1&limit=4`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=1&offset=1&limit=4.5`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=99999999999&offset=1&limit=4`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=1&offset=-5&limit=4`, 200, 1],
  [`${API.petsForAdoption}?petTypeId=1&offset=0&limit=0`, 200, 1],
  // Numbers outside the shared rule (finite, 32-bit; decision 0051) are refused, whatever the parameter.
  [`${API.petsForAdoption}?petTypeId=1&offset=99999999999999999999&limit=4`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=1&offset=1e400&limit=1e400`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=1&offset=Infinity&limit=4`, 400, 0],
  [`${API.petBreeds}?PetTypeId=Infinity`, 400, 0],
  [`${API.petBreeds}?PetTypeId=-1e309`, 400, 0],
  [`${API.petSitterById}?id=1e309`, 400, 0],
  [`${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=a%00b`, 400, 0],
  [`${API.petDetailsByPublicId}?publicId=DEMO%000001`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=1&offset=NaN&limit=4`, 400, 0],
  [`${API.petsForAdoption}?petTypeId=-3&offset=1&limit=4`, 200, 1],
  [`${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=${long(201)}`, 400, 0],
  [`${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=${encodeURIComponent("' OR 1=1 --")}`, 200, 1],
  [`${API.lostPets}?petTypeId=1&offset=1&limit=4&searchTerm=${encodeURIComponent('\\')}`, 200, 1],
  [`${API.lostPets}?petTypeId=1&offset=1&offset=2&limit=4`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&CountryId=abc`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&CountryId=9999999999`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&CountryId=-1`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&CurrencyId=x`, 400, 0],
  [`${API.petSitters}?offset=&limit=4`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&SearchTerm=${long(201)}`, 400, 0],
  [`${API.petSitters}?offset=1&limit=4&SearchTerm=${encodeURIComponent("'; DROP TABLE providers; --")}`, 200, 1],
  [`${API.petSitterById}?id=abc`, 400, 0],
  [`${API.petSitterById}?id=1.5`, 400, 0],
  [`${API.petSitterById}?id=99999999999`, 400, 0],
  [`${API.petSitterById}?id=-1`, 200, 0],
  [`${API.petSitterById}`, 400, 0],
  [`${API.vetById}?id=2147483647`, 200, 0],
  [`${API.animalHouses}?offset=1&limit=4&CountryId=%27`, 400, 0],
  [`${API.petDetailsByPublicId}?petProfileId=abc&publicId=DEMO0001`, 400, 0],
  [`${API.petDetailsByPublicId}?petProfileId=99999999999&publicId=`, 400, 0],
  [`${API.petDetailsByPublicId}?publicId=${long(65)}`, 400, 0],
  [`${API.petDetailsByPublicId}?publicId=${encodeURIComponent("DEMO0001' --")}`, 200, 0],
  [`${API.petDetailsByPublicId}?publicId=DEMO0002&latitude=abc&longitude=${long(41)}`, 400, 0],
  [`${API.petDetailsByPublicId}?publicId=DEMO0002&latitude=abc&longitude=1`, 200, 1],
  [`${API.petDetailsByPublicId}`, 200, 0],
  [`${API.wellnessCategoryTypes}?petProfile=abc&publicId=DEMO0001&categoryId=3`, 400, 0],
  [`${API.wellnessCategoryTypes}?petProfile=1&publicId=&categoryId=3`, 400, 0],
  [`${API.wellnessCategoryTypes}?petProfile=1&publicId=DEMO0001&categoryId=99999999999`, 400, 0],
  ['/api/Pets/NoSuchCall', 404, 0],
  ['/api/Pets/GetLostPets/extra', 404, 0],
];

describeOnBothDatabases('Bad input', (ctx) => {
  it.each(GETS)('GET %s → %i, result %i', async (url, status, result) => {
    const res = await ctx().app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.result).toBe(result);
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'result']);
    if (result === 0) {
      expect(body.data).toBeNull();
      expect(body.message).not.toMatch(/at .*\.ts:\d+|stack|SELECT|select /);
    }
  });

  it('treats a page below 1 as page 1 and a page past MAX_PAGE as empty', async () => {
    const get = async (q: string) =>
      (await ctx().app.inject({ method: 'GET', url: `${API.petWalkers}?${q}` })).json().data;
    const first = await get('offset=1&limit=4');
    expect(await get('offset=0&limit=4')).toEqual(first);
    expect(await get('offset=-7&limit=4')).toEqual(first);
    expect(await get('offset=100001&limit=4')).toEqual({ items: [], totalCount: first.totalCount });
    expect(await get('offset=2147483647&limit=4')).toEqual({ items: [], totalCount: first.totalCount });
    expect((await get('offset=1&limit=2147483647')).items).toHaveLength(Math.min(first.totalCount, 100));
    expect((await get('offset=1&limit=0')).items).toHaveLength(1);
    expect((await get('offset=1&limit=-4')).items).toHaveLength(1);
  });

  const POSTS: [string, string, string, number][] = [
    [API.resetPassword, '{"newPassword": "Abcdefg1!", ', 'application/json', 400],
    [API.resetPassword, 'not json', 'application/json', 400],
    [API.resetPassword, '{}', 'application/json', 400],
    [
      API.resetPassword,
      JSON.stringify({ newPassword: 'Abcdefg1!', passwordResetToken: long(101) }),
      'application/json',
      400,
    ],
    [API.resetPassword, JSON.stringify({ newPassword: long(129), passwordResetToken: 'abc' }), 'application/json', 400],
    // Scalars are coerced to strings (then the rules refuse the password).
    [API.resetPassword, JSON.stringify({ newPassword: 5, passwordResetToken: ['a'] }), 'application/json', 200],
    [API.verifyEmail, JSON.stringify({ verificationToken: '' }), 'application/json', 400],
    [API.verifyEmail, JSON.stringify({ verificationToken: null }), 'application/json', 400],
    [API.verifyEmail, '[]', 'application/json', 400],
    [API.verifyEmail, 'verificationToken=abc', 'text/plain', 400],
    [API.verifyEmail, 'verificationToken=abc', 'application/x-www-form-urlencoded', 415],
    [API.acceptPetInvite, JSON.stringify({ verificationToken: long(101) }), 'application/json', 400],
    [API.acceptPetInvite, JSON.stringify({ verificationToken: "' OR '1'='1" }), 'application/json', 200],
  ];

  it.each(POSTS)('POST %s %s (%s) → %i', async (url, payload, contentType, status) => {
    const res = await ctx().app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ result: 0, data: null });
  });

  it('names malformed JSON as such', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: API.verifyEmail,
      payload: '{"verificationToken":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toEqual({ result: 0, message: 'Malformed JSON body', data: null });
  });

  it('says a required text sent empty or as null must not be empty (not "must NOT have fewer than 1 characters")', async () => {
    for (const token of [null, '']) {
      const res = await ctx().app.inject({ method: 'POST', url: API.checkStaffLink, payload: { token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid body (token): must not be empty');
    }
  });

  it("answers a number JSON or a query reads as infinite (1e400) with its own field's range", async () => {
    const message = async (options: InjectOptions) => {
      const res = await ctx().app.inject(options);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    const range = (field: string, min: number, max: number) =>
      `Invalid value (${field}): a number must be finite and between ${min} and ${max}.`;
    // a query's number (coerced to Infinity, past the schema's minimum and maximum)
    const authorization = `Bearer ${await loginClinic(ctx().app, DEMO_CLINIC)}`;
    expect(
      await message({ method: 'GET', url: `${API.vetPets}?offset=1&limit=1e400`, headers: { authorization } }),
    ).toBe(range('limit', 1, 100));
    // a form's multipart json part, and the same form as a JSON body
    const json = '{"petTypeId":1,"colors":["black"],"size":"small","latitude":1e400,"longitude":2}';
    const { body, headers } = multipartBody(json);
    expect(await message({ method: 'POST', url: API.reportFoundPet, payload: body, headers })).toBe(
      range('latitude', -90, 90),
    );
    const jsonHeaders = { 'content-type': 'application/json' };
    expect(await message({ method: 'POST', url: API.reportFoundPet, payload: json, headers: jsonHeaders })).toBe(
      range('latitude', -90, 90),
    );
    // a JSON body of a schema-checked call (ajv would say "must be number"), in the request's language
    expect(
      await message({
        method: 'POST',
        url: `${API.reportSighting}?lang=es`,
        payload: '{"publicId":"DEMO0002","latitude":10,"longitude":-1e400}',
        headers: jsonHeaders,
      }),
    ).toBe('Valor no válido (longitude): un número debe ser finito y estar entre -180 y 180.');
    // a field without a range of its own keeps the rule's 32-bit range
    expect(await message({ method: 'GET', url: `${API.petSitterById}?id=1e309` })).toBe(
      range('id', -2147483648, 2147483647),
    );
  });

  it('names a NUL character and a non-finite number in a JSON body, and a broken multipart body', async () => {
    const nul = await ctx().app.inject({
      method: 'POST',
      url: API.vetLogin,
      payload: '{"username":"a\\u0000b","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Invalid value (username): text may not contain NUL characters.');
    // signed in: a portal call checks the session before the body
    const token = await loginClinic(ctx().app, DEMO_CLINIC);
    const huge = await ctx().app.inject({
      method: 'POST',
      url: API.vetReminders,
      payload: '{"date":"2026-01-01","offset":1e309}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/\(offset\)/);
    const cut = await ctx().app.inject({
      method: 'POST',
      url: API.createVetPet,
      payload: '--xyz\r\nContent-Disposition: form-data; name="json"\r\n\r\n{"pe',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: 'Bearer x' },
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
  });
});
