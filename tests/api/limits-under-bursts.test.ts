import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '#shared/contract/paths';
import { buildApp } from '#server/app';
import { createServer, type RunningServer } from '#server/start';
import { serverMessage } from '#server/http/messages';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { describeOnBothDatabases } from '#tests/support/databases';
import { DEMO_CLINIC, DEMO_PASSWORD } from '#tests/support/vet-session';

/**
 * Issue 19, items 1 and 2: limits that count an attempt BEFORE its work, atomically, shared by
 * every process, and hold when many requests arrive at once. Counts are asserted (how many were
 * answered, how many refused), never times; the times are in tests/bench/attack.ts.
 */
const LOOKUP_LIMIT = 30;
const TOKEN_LIMIT = 5;
const INVALID = 'Invalid username or password.';

describeOnBothDatabases(
  'Limits under bursts of concurrent requests',
  (ctx) => {
    const get = (app: FastifyInstance, url: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url, remoteAddress });

    it('of 30 wrong passwords sent at once from one address, at most 5 are checked; the rest answer 429 with Retry-After; a real login from elsewhere gets in', async () => {
      const { app } = ctx();
      const attacker = '10.19.1.1';
      const burst = Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: API.vetLogin,
          payload: { username: DEMO_CLINIC, password: `wrong-${i}` },
          remoteAddress: attacker,
        }),
      );
      const real = app.inject({
        method: 'POST',
        url: API.vetLogin,
        payload: { username: DEMO_CLINIC, password: DEMO_PASSWORD },
        remoteAddress: '10.19.1.2',
      });
      const answers = await Promise.all(burst);
      const checked = answers.filter((a) => a.statusCode === 200 && a.json().message === INVALID);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(checked.length).toBeGreaterThanOrEqual(1);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(checked.length + refused.length).toBe(30);
      for (const r of refused) {
        expect(r.json()).toMatchObject({ result: 0, data: null });
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect((await real).json().result).toBe(1);
    });

    it('an unknown username in a burst costs the same checks as a known one', async () => {
      const { app } = ctx();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: API.vetLogin,
            payload: { username: 'nobody.here', password: `wrong-${i}` },
            remoteAddress: '10.19.1.3',
          }),
        ),
      );
      const checked = answers.filter((a) => a.statusCode === 200 && a.json().message === INVALID).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.statusCode === 429).length).toBe(30 - checked);
    });

    it('200 unknown public IDs sent at once from one address: exactly the limit are answered, the rest 429 with Retry-After', async () => {
      const { app } = ctx();
      const address = '10.19.2.1';
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => get(app, `${API.petDetailsByPublicId}?publicId=BURST${i}`, address)),
      );
      const notFound = answers.filter((a) => a.statusCode === 200 && a.json().message === 'Pet not found.');
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(notFound).toHaveLength(LOOKUP_LIMIT);
      expect(refused).toHaveLength(200 - LOOKUP_LIMIT);
      expect(refused[0].json()).toEqual({ result: 0, message: serverMessage('tooManyFailedLookups'), data: null });
      const retryAfter = Number(refused[0].headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Over the limit, a real public ID tells nothing either.
      const real = await get(app, `${API.petDetailsByPublicId}?publicId=DEMO0001`, address);
      expect(real.statusCode).toBe(429);
    });

    it('a found pet gives its reserved lookup back, also when many are looked up at once', async () => {
      const { app } = ctx();
      const address = '10.19.3.1';
      // Not in the read cache: each found pet is reserved, read, then given back.
      await invalidatePublicCache(app);
      const found = await Promise.all(
        Array.from({ length: LOOKUP_LIMIT }, (_, i) =>
          get(app, `${API.petDetailsByPublicId}?publicId=DEMO000${(i % 4) + 1}`, address),
        ),
      );
      expect(found.map((a) => a.json().result)).toEqual(Array(LOOKUP_LIMIT).fill(1));
      // None of them counted: the whole limit is left for pets not found.
      const unknown = await Promise.all(
        Array.from({ length: LOOKUP_LIMIT }, (_, i) =>
          get(app, `${API.petDetailsByPublicId}?publicId=MIX${i}`, address),
        ),
      );
      expect(unknown.filter((a) => a.statusCode === 200 && a.json().message === 'Pet not found.')).toHaveLength(
        LOOKUP_LIMIT,
      );
      expect((await get(app, `${API.petDetailsByPublicId}?publicId=MIXNEXT`, address)).statusCode).toBe(429);
    });

    it('many more found pets than the limit looked up at once from one address all answer: lookups in flight that are given back do not refuse the others', async () => {
      const { app } = ctx();
      const address = '10.19.3.2';
      await invalidatePublicCache(app);
      const found = await Promise.all(
        Array.from({ length: LOOKUP_LIMIT * 5 }, (_, i) =>
          get(app, `${API.petDetailsByPublicId}?publicId=DEMO000${(i % 4) + 1}`, address),
        ),
      );
      expect(found.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
      expect(found.map((a) => a.json().result)).toEqual(Array(LOOKUP_LIMIT * 5).fill(1));
      // and the whole limit is still left for pets not found
      const unknown = await Promise.all(
        Array.from({ length: LOOKUP_LIMIT + 10 }, (_, i) =>
          get(app, `${API.petDetailsByPublicId}?publicId=MANY${i}`, address),
        ),
      );
      expect(unknown.filter((a) => a.statusCode === 200 && a.json().message === 'Pet not found.')).toHaveLength(
        LOOKUP_LIMIT,
      );
      expect(unknown.filter((a) => a.statusCode === 429)).toHaveLength(10);
    });

    it('bad tokens sent at once from one address: exactly the token limit are answered', async () => {
      const { app } = ctx();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: API.verifyEmail,
            payload: { verificationToken: `bad-${i}` },
            remoteAddress: '10.19.4.1',
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200 && a.json().result === 0)).toHaveLength(TOKEN_LIMIT);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - TOKEN_LIMIT);
    });

    describe('two server processes on one database', () => {
      let second: RunningServer | null = null;
      beforeAll(async () => {
        if (ctx().kind !== 'postgres') return;
        second = await createServer({ ...ctx().config, seedDemoData: false }, { logger: false });
      });
      afterAll(async () => {
        await second?.stop();
      });

      it('share one count: 200 unknown public IDs split over both get the limit, not twice the limit', async () => {
        if (!second) return; // PGlite: one process owns the database
        const apps = [ctx().app, second.app];
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            get(apps[i % 2], `${API.petDetailsByPublicId}?publicId=TWOPROC${i}`, '10.19.5.1'),
          ),
        );
        expect(answers.filter((a) => a.statusCode === 200 && a.json().message === 'Pet not found.')).toHaveLength(
          LOOKUP_LIMIT,
        );
        expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(200 - LOOKUP_LIMIT);
      });
    });

    describe('/Pets/Details for an address over the limit', () => {
      let app: FastifyInstance;
      let clientDir: string;
      beforeAll(async () => {
        clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-client-'));
        fs.mkdirSync(path.join(clientDir, 'assets'));
        fs.writeFileSync(
          path.join(clientDir, 'index.html'),
          '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
        );
        app = await buildApp({
          config: { ...ctx().config, failedLookupLimit: 3 },
          database: ctx().server.database,
          clientDir,
          logger: false,
          backgroundJobs: false,
        });
        await app.ready();
      });
      afterAll(async () => {
        await app?.close();
        fs.rmSync(clientDir, { recursive: true, force: true });
      });

      const page = (url: string, remoteAddress: string) =>
        app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': 'en' } });

      it('counts a pet page of an unknown ID as a failed lookup, a found one not at all', async () => {
        const address = '10.19.6.1';
        for (let i = 0; i < 5; i++)
          expect((await page('/Pets/Details?publicId=DEMO0001&isFrom=Home', address)).statusCode).toBe(200);
        for (let i = 0; i < 3; i++)
          expect((await page(`/Pets/Details?publicId=PAGEGUESS${i}`, address)).statusCode).toBe(200);
        expect((await page('/Pets/Details?publicId=PAGEGUESS9', address)).statusCode).toBe(429);
      });

      it('serves no title, share meta or share image of a real pet to an address over the limit, and the same bytes as for a guess', async () => {
        const address = '10.19.6.2';
        for (let i = 0; i < 3; i++) await get(app, `${API.petDetailsByPublicId}?publicId=HEADGUESS${i}`, address);
        const real = await page('/Pets/Details?publicId=DEMO0001&isFrom=Home', address);
        const guess = await page('/Pets/Details?publicId=HEADGUESS9&isFrom=Home', address);
        expect(real.statusCode).toBe(429);
        expect(Number(real.headers['retry-after'])).toBeGreaterThan(0);
        expect(real.headers['cache-control']).toBe('private, no-store');
        expect(real.body).toContain('<title>Pawtal</title>');
        expect(real.body).not.toMatch(/og:|twitter:|Profile|\/media\/share\//);
        expect(real.body).toBe(guess.body);
        // Another visitor sees the pet's page as always.
        expect((await page('/Pets/Details?publicId=DEMO0001&isFrom=Home', '10.19.6.3')).body).toMatch(
          /<title>[^<]+&#39;s Profile – Pawtal<\/title>/,
        );
      });
    });
  },
  { failedLookupLimit: LOOKUP_LIMIT, failedTokenLimit: TOKEN_LIMIT },
);
