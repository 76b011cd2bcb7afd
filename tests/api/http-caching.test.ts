import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { clinicPatients, clinicUsers, clinics, petProfiles } from '#server/db/schema';
import { createServer, type RunningServer } from '#server/start';
import { testConfig } from '#tests/support/test-config';
import { bearer, DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * HTTP caching headers (docs/decisions/0066, docs/operations.md): ETag and 304 on public answers
 * and pages, Cache-Control for a shared cache in front, `private, no-store` for the portal. The
 * headers do not depend on the database: PGlite only, with a minimal client folder written here.
 */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>';
const PUBLIC_CONTROL = 'public, max-age=0, s-maxage=7, stale-while-revalidate=40';

describe('HTTP caching headers', () => {
  let workDir = '';
  let server: RunningServer;
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-http-cache-'));
    const dataDir = path.join(workDir, 'data');
    fs.cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    const clientDir = path.join(workDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1);');
    const config = testConfig({
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      databaseUrl: null,
      httpSharedMaxAge: 7,
      httpStaleWhileRevalidate: 40,
    });
    server = await createServer(config, { clientDir, logger: false, backgroundJobs: false });
    app = server.app;
    token = await loginClinic(app, DEMO_CLINIC);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it.each([
    `${API.petSitters}?offset=1&limit=4`,
    `${API.petDetailsByPublicId}?publicId=DEMO0001`,
    API.petTypes,
    API.privacyPolicy,
  ])(
    'a public answer (%s) has an ETag and a shared-cache policy, and answers 304 when it is unchanged',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(PUBLIC_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      // messages and legal documents come in the request's language
      expect(String(first.headers.vary)).toMatch(/Accept-Language/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(PUBLIC_CONTROL);
      // One validator for every encoding (weak, computed before compression).
      const gzipped = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(gzipped.statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    },
  );

  it('a write changes the ETag: the old validator gets the new answer', async () => {
    const url = `${API.petDetailsByPublicId}?publicId=DEMO0001`;
    const before = await get(url);
    const etag = String(before.headers.etag);
    const petId = before.json().data.petId as number;
    // A change to the pet (as a script would make it, then telling the caches what changed).
    await server.database.db.update(petProfiles).set({ name: 'Validator Changed' }).where(eq(petProfiles.id, petId));
    await invalidatePublicCache(app, [`pet:${petId}`]);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.petName).toBe('Validator Changed');
    expect(after.headers.etag).not.toBe(etag);
  });

  it('everything of the portal is private, no-store, without a validator', async () => {
    const calls = [
      await get(`${API.vetVisits}?isFinished=0&offset=1&limit=4`, bearer(token)),
      await get(`${API.vetPets}?offset=1&limit=4`, bearer(token)),
      await app.inject({
        method: 'POST',
        url: API.vetReminders,
        headers: bearer(token),
        payload: { date: '2026-01-01', offset: 1, limit: 4 },
      }),
      await get(`${API.vetVisits}?isFinished=0&offset=1&limit=4`),
      await app.inject({ method: 'POST', url: API.vetLogin, payload: { username: DEMO_CLINIC, password: 'wrong' } }),
    ];
    for (const res of calls) {
      expect(res.headers['cache-control'], res.body).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('a sighting (a position in the query), an error and health are never cached', async () => {
    const sighting = await get(`${API.petDetailsByPublicId}?publicId=DEMO0002&latitude=48.85&longitude=2.35`);
    expect(sighting.statusCode).toBe(200);
    expect(sighting.headers['cache-control']).toBe('private, no-store');
    expect((await get(`${API.petSitters}?offset=abc`)).headers['cache-control']).toBe('private, no-store');
    expect((await get(API.health)).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/Nope/Nothing')).headers['cache-control']).toBe('private, no-store');
  });

  it('reads addresses decoded, as the router and the handler do: an encoded position, portal path or page is private too', async () => {
    // `%6Catitude` is `latitude` to the query parser: the handler stores a sighting, so no cache may keep it.
    const encoded = await app.inject({
      method: 'GET',
      url: `${API.petDetailsByPublicId}?publicId=DEMO0002&%6Catitude=48.86&%6Congitude=2.36`,
      remoteAddress: '10.66.0.1',
    });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().data.ownerNotified).toBeDefined();
    expect(encoded.headers['cache-control']).toBe('private, no-store');
    expect(
      (await get(`${API.lostPets}?petTypeId=1&offset=1&limit=4&lat%69tude=40.4&longitud%65=-3.7`)).headers[
        'cache-control'
      ],
    ).toBe('private, no-store');
    // `/api/%56etPets/…` is the portal to the router: a clinic's list must never be public.
    const portal = await get(
      `${API.vetVisits.replace('VetPets', '%56etPets')}?isFinished=0&offset=1&limit=4`,
      bearer(token),
    );
    expect(portal.json().result).toBe(1);
    expect(portal.headers['cache-control']).toBe('private, no-store');
    expect((await get('/%52esetPassword?token=abc')).headers['cache-control']).toBe('private, no-store');
  });

  it('a write that reached no route or was refused tells no cache to empty itself; a real write does', async () => {
    const told: (readonly string[])[] = [];
    const stop = app.changeFeed.subscribe((tags) => told.push(tags));
    try {
      await app.inject({ method: 'POST', url: '/api/Made/Up', payload: {} });
      await app.inject({ method: 'POST', url: '/anything', payload: {} });
      await app.inject({ method: 'POST', url: API.verifyEmail, payload: { verificationToken: 'not-a-token' } });
      await app.inject({
        method: 'POST',
        url: API.resetPassword,
        payload: { passwordResetToken: 'x', newPassword: 'weak' },
      });
      await app.inject({ method: 'POST', url: API.deleteVetVisit, payload: { vetVisitId: 1, petId: 1 } });
      expect(told).toEqual([]);
      const [patient] = await server.database.db
        .select({ petId: clinicPatients.petProfileId, vetUserId: clinicUsers.id })
        .from(clinicPatients)
        .innerJoin(clinicUsers, eq(clinicUsers.clinicId, clinicPatients.clinicId))
        .innerJoin(clinics, eq(clinics.id, clinicPatients.clinicId))
        .where(eq(clinics.username, DEMO_CLINIC))
        .limit(1);
      const created = await app.inject({
        method: 'POST',
        url: API.createVetVisit,
        headers: bearer(token),
        payload: { petId: patient.petId, visitDate: '2026-02-02', vetUserId: patient.vetUserId },
      });
      expect(created.json().result, created.body).toBe(1);
      expect(told.flat()).toContain(`pet:${patient.petId}`);
    } finally {
      stop();
    }
  });

  it('public pages vary by language and answer 304; portal and token pages are private, no-store', async () => {
    for (const url of ['/', '/adopt', '/Pets/Details?publicId=DEMO0001', '/pet-sitter/1']) {
      const page = await get(url, { 'accept-language': 'es' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe(PUBLIC_CONTROL);
      expect(String(page.headers.vary), url).toMatch(/Accept-Language/);
      expect(String(page.headers.vary), url).toMatch(/Cookie/);
      const again = await get(url, { 'accept-language': 'es', 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    for (const url of [
      '/Dashboard',
      '/Dashboard/Pets/1/Certificate',
      '/Dashboard/Visits/1/Summary',
      '/ResetPassword?token=abc',
      '/VerifyEmail?token=abc',
      '/AcceptPetInvite?token=abc',
      '/BookVisit?token=abc&lang=es',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(page.headers.etag, url).toBeUndefined();
    }
  });

  it('static files keep their own long-lived headers', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(String(asset.headers['cache-control'])).toMatch(/immutable/);
  });
});
