import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/client';
import { petProfiles, petSightings } from '#server/db/schema';
import { startServerWithClient, type ServerWithClient } from '#tests/support/server-with-client';

/**
 * The served client and the headers. Pages do not depend on the database, so this file runs on
 * PGlite only (a copy of the seeded template), with a minimal client folder written here.
 */

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><div id="root" data-test="pawtal-index"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const ASSET = `console.log(${JSON.stringify('pawtal '.repeat(400))});\n`;

const SPA_ROUTES = [
  '/',
  '/adopt',
  '/lost',
  '/sitters',
  '/trainers',
  '/walkers',
  '/groomers',
  '/vets',
  '/Pets/Details?publicId=DEMO0001&isFrom=Home',
  '/Pets/Details?petProfileId=2&publicId=DEMO0002&isFrom=Lost',
  '/pet-sitter/1',
  '/pet-trainer/2',
  '/pet-walker/3',
  '/pet-groomer/4',
  '/pet-vet/3',
  '/support',
  '/PrivacyPolicy',
  '/TermsAndConditions',
  '/ResetPassword?token=abc',
  '/VerifyEmail?token=abc',
  '/AcceptPetInvite?token=abc',
  '/AnimalHouse',
  '/Dashboard',
];

/** The public API paths of issue 2 that this server must document. */
const PUBLIC_API = [
  API.petsForAdoption,
  API.lostPets,
  API.petDetailsByPublicId,
  API.acceptPetInvite,
  API.petSitters,
  API.petSitterById,
  API.petTrainers,
  API.petTrainerById,
  API.petWalkers,
  API.petWalkerById,
  API.petGroomers,
  API.petGroomerById,
  API.vets,
  API.vetById,
  API.animalHouses,
  API.wellnessCategories,
  API.wellnessCategoryTypes,
  API.privacyPolicy,
  API.termsAndConditions,
  API.resetPassword,
  API.verifyEmail,
  API.health,
  API.healthLive,
];

function expectSecurityHeaders(headers: Record<string, unknown>, url: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(csp, `${directive} on ${url}`).toContain(directive);
  const img =
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src')) ?? '';
  expect(img, `img-src on ${url}`).toContain('https://tile.openstreetmap.org');
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(String(headers['referrer-policy']), url).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(String(headers['permissions-policy']), url).toContain('geolocation=(self)');
}

describe('served pages, headers and the API document', () => {
  let running: ServerWithClient;
  let app: FastifyInstance;

  beforeAll(async () => {
    running = await startServerWithClient('pages', { 'index.html': INDEX_HTML, 'assets/app-abc123.js': ASSET });
    app = running.server.app;
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  it.each(SPA_ROUTES)('serves the client at %s with the security headers', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('data-test="pawtal-index"');
    expect(res.body).toContain('<script id="app-config" type="application/json">');
    expectSecurityHeaders(res.headers, url);
  });

  it('serves hashed assets long-cached and compressed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers['cache-control'])).toMatch(/max-age=31536000/);
    expect(String(res.headers['cache-control'])).toMatch(/immutable/);
    expectSecurityHeaders(res.headers, '/assets/app-abc123.js');
  });

  it('answers an unknown /api path with 404, the envelope and the headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Nothing/Here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0, data: null });
    expectSecurityHeaders(res.headers, '/api/Nothing/Here');
  });

  it('answers an API error (400) with the headers too', async () => {
    const res = await app.inject({ method: 'GET', url: `${API.petSitters}?offset=abc` });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers, 'a 400');
  });

  it('documents every public call in /api/docs/json, with tags and response schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses?: Record<string, unknown> }>>;
    };
    for (const p of PUBLIC_API) {
      const ops = doc.paths[p];
      expect(ops, p).toBeDefined();
      for (const op of Object.values(ops)) {
        expect(op.tags?.length, p).toBeGreaterThan(0);
        expect(op.summary, p).toBeTruthy();
        expect(op.responses?.['200'], p).toBeDefined();
      }
    }
    expect(JSON.stringify(doc.paths[API.petDetailsByPublicId])).toContain('ownderContactPhone');
  });

  it('serves a readable API page at /api/docs', async () => {
    let res = await app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode === 302) res = await app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('takes the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
    const count = async () => {
      const [{ n }] = await running.server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(petSightings)
        .innerJoin(petProfiles, eq(petProfiles.id, petSightings.petProfileId))
        .where(eq(petProfiles.publicId, 'DEMO0002'));
      return n;
    };
    const sighting = (a: FastifyInstance, forwardedFor: string) =>
      a.inject({
        method: 'GET',
        url: `${API.petDetailsByPublicId}?publicId=DEMO0002&latitude=51.5072&longitude=-0.1276`,
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
      });

    // Without TRUST_PROXY both requests come from 10.9.9.9: the second is rate-limited.
    const before = await count();
    await sighting(app, '203.0.113.1');
    await sighting(app, '203.0.113.2');
    expect(await count()).toBe(before + 1);

    // With TRUST_PROXY the forwarded addresses count: both are stored.
    const trusting = await buildApp({
      config: { ...app.config, trustProxy: true },
      database: running.server.database,
      logger: false,
      backgroundJobs: false,
    });
    try {
      await sighting(trusting, '203.0.113.3');
      await sighting(trusting, '203.0.113.4');
      expect(await count()).toBe(before + 3);
    } finally {
      await trusting.close();
    }
  });

  it('health answers 503 with the envelope when the database does not answer', async () => {
    const refuse = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    };
    // Every query method refuses, like a driver whose server is gone.
    const methods = new Set(['execute', 'select', 'insert', 'update', 'delete', 'transaction']);
    const deadDb = new Proxy(
      {},
      { get: (_target, prop) => (typeof prop === 'string' && methods.has(prop) ? refuse : undefined) },
    ) as unknown as Db;
    const broken = await buildApp({
      config: app.config,
      database: { db: deadDb, kind: 'postgres', close: async () => {} },
      logger: false,
      backgroundJobs: false,
    });
    try {
      const res = await broken.inject({ method: 'GET', url: API.health });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ result: 0, data: null });
      expectSecurityHeaders(res.headers, 'a 503');
      const live = await broken.inject({ method: 'GET', url: API.healthLive });
      expect(live.json()).toEqual({ result: 1, message: '', data: { status: 'ok' } });
    } finally {
      await broken.close();
    }
  });
});
