import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { serverMessage } from '#server/http/messages';
import { loadConfig } from '#server/config';
import { describeOnBothDatabases } from '#tests/support/databases';

const LIMIT = 5;

describeOnBothDatabases(
  'Failed public lookups and token calls are limited per address',
  (ctx) => {
    const get = (url: string, remoteAddress: string) => ctx().app.inject({ method: 'GET', url, remoteAddress });

    it('answers 429 with the envelope after too many pets not found from one address; other addresses and found pets are not affected', async () => {
      const guesser = '10.9.0.1';
      for (let i = 0; i < LIMIT; i++) {
        const res = await get(`${API.petDetailsByPublicId}?publicId=GUESS${String(i).padStart(3, '0')}`, guesser);
        expect(res.json()).toMatchObject({ result: 0, message: 'Pet not found.' });
      }
      const limited = await get(`${API.petDetailsByPublicId}?publicId=GUESS999`, guesser);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ result: 0, message: serverMessage('tooManyFailedLookups'), data: null });
      // The wellness call shares the count (it is another way to test a public ID).
      expect(
        (await get(`${API.wellnessCategoryTypes}?petProfile=1&publicId=GUESS998&categoryId=1`, guesser)).statusCode,
      ).toBe(429);
      // Another visitor still looks pets up.
      expect((await get(`${API.petDetailsByPublicId}?publicId=DEMO0001`, '10.9.0.2')).json().result).toBe(1);
    });

    it('never throttles normal browsing: listings and found profiles, however many', async () => {
      const visitor = '10.9.1.1';
      for (let i = 0; i < LIMIT * 4; i++) {
        expect((await get(`${API.petDetailsByPublicId}?publicId=DEMO000${(i % 4) + 1}`, visitor)).statusCode).toBe(200);
        expect((await get(`${API.lostPets}?petTypeId=1&offset=${(i % 3) + 1}&limit=4`, visitor)).statusCode).toBe(200);
        expect((await get(`${API.petSitters}?offset=1&limit=4`, visitor)).statusCode).toBe(200);
      }
    });

    it("takes a found pet's give-back as a read of the address's count: found pets in a row read it once", async () => {
      const visitor = '10.9.3.1';
      const client = (ctx().db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const query = client.query;
      let countReads = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        // PGlite is given the text, node-postgres a query config ({ text, values, ... })
        const [sent] = args;
        const text = typeof sent === 'string' ? sent : String((sent as { text?: unknown }).text);
        if (/^select .* from "failure_counts"/i.test(text)) countReads++;
        return query.apply(this, args);
      };
      try {
        for (const publicId of ['DEMO0001', 'DEMO0002', 'DEMO0004']) {
          ctx().app.publicCache.invalidate();
          expect((await get(`${API.petDetailsByPublicId}?publicId=${publicId}`, visitor)).json().result).toBe(1);
        }
      } finally {
        client.query = query;
      }
      expect(countReads).toBe(1);
    });

    it('limits reset, reset-check, verify and invite calls with bad tokens', async () => {
      const address = '10.9.2.1';
      const post = (url: string, payload: object) =>
        ctx().app.inject({ method: 'POST', url, payload, remoteAddress: address });
      const calls: [string, object][] = [
        [API.verifyEmail, { verificationToken: 'nope' }],
        [API.acceptPetInvite, { verificationToken: 'nope' }],
        [API.resetPassword, { passwordResetToken: 'nope', newPassword: 'Abcdefg1!x' }],
        [API.checkResetToken, { passwordResetToken: 'nope' }],
      ];
      for (let i = 0; i < LIMIT; i++) {
        const [url, body] = calls[i % calls.length];
        const res = await post(url, body);
        expect(res.statusCode).toBe(200);
        expect(res.json().result).toBe(0);
      }
      for (const [url, body] of calls) {
        const res = await post(url, body);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ result: 0, message: serverMessage('tooManyTokenAttempts'), data: null });
      }
      expect(
        (
          await ctx().app.inject({
            method: 'POST',
            url: API.verifyEmail,
            payload: { verificationToken: 'nope' },
            remoteAddress: '10.9.2.2',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('reads its limits from the environment and refuses bad values', () => {
      const config = loadConfig({ FAILED_LOOKUP_LIMIT: '7', FAILED_TOKEN_LIMIT: '3', FAILURE_WINDOW_MINUTES: '5' });
      expect(config).toMatchObject({ failedLookupLimit: 7, failedTokenLimit: 3, failureWindowMinutes: 5 });
      expect(loadConfig({})).toMatchObject({ failedLookupLimit: 30, failedTokenLimit: 10, failureWindowMinutes: 15 });
      expect(() => loadConfig({ FAILED_LOOKUP_LIMIT: '0' })).toThrow(/FAILED_LOOKUP_LIMIT/);
      expect(() => loadConfig({ FAILURE_WINDOW_MINUTES: 'soon' })).toThrow(/FAILURE_WINDOW_MINUTES/);
    });
  },
  { failedLookupLimit: LIMIT, failedTokenLimit: LIMIT },
);
