import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { cacheTag, invalidatePublicCache } from '#server/cache/public-cache';
import { petProfiles, providers } from '#server/db/schema';
import { keptEncoding } from '#server/http/kept-answer';
import { startServerWithRenderer, type ServerWithClient } from '#tests/support/server-with-client';

/**
 * Finished answers kept per cache entry (src/server/http/kept-answer.ts, docs/decisions/0083): a
 * served page or public answer is the same in every encoding, keeps one ETag, and goes with the
 * entry it was made from, so its kept (compressed) bytes are never staler than the entry.
 * PGlite only (the invalidation across processes is the change feed's, tested elsewhere); the
 * renderer is a stand-in for dist/server/entry-server.js that shows a pet's name from a real call.
 */
const RENDERER = {
  body: `
  const answer = await input.fetchApi('/api/Pets/GetPetDetailsByPublicId?publicId=DEMO0001', { method: 'GET' });
  const pet = (await answer.json()).data;`,
  html: `'<h1>' + pet.petName + '</h1>' + '<p>padding</p>'.repeat(200)`,
  title: 'pet.petName',
};

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

function decoded(res: Answer): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

describe('answers kept per cache entry', () => {
  let running: ServerWithClient;
  let app: FastifyInstance;

  beforeAll(async () => {
    running = await startServerWithRenderer('kept-answers', RENDERER);
    app = running.server.app;
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

  /** The answer in each encoding: the same body and ETag, Vary naming the language and the encoding. */
  async function inEveryEncoding(url: string): Promise<{ body: string; etag: string }> {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const acceptEncoding of ['gzip', 'br', 'gzip, deflate, br', 'br;q=0.5, gzip']) {
      for (let i = 0; i < 2; i += 1) {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        expect(res.headers['content-encoding'], acceptEncoding).toBe(keptEncoding(acceptEncoding));
        expect(decoded(res), acceptEncoding).toBe(plain.body);
        expect(res.headers.etag).toBe(etag);
        expect(String(res.headers.vary)).toMatch(/Accept-Language, Cookie/);
        expect(String(res.headers.vary).toLowerCase()).toMatch(/accept-encoding/);
      }
    }
    const notModified = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-encoding']).toBeUndefined();
    return { body: plain.body, etag };
  }

  it('a page is the same in every encoding and goes with its cache entry', async () => {
    const petId = (await get(`${API.petDetailsByPublicId}?publicId=DEMO0001`)).json().data.petId as number;
    const before = await inEveryEncoding('/adopt');
    expect(before.body).toContain('<div id="root"><h1>');

    await running.server.database.db
      .update(petProfiles)
      .set({ name: 'Kept Page Changed' })
      .where(eq(petProfiles.id, petId));
    await invalidatePublicCache(app, [cacheTag.pet(petId)]);
    const after = await inEveryEncoding('/adopt');
    expect(after.body).toContain('<h1>Kept Page Changed</h1>');
    expect(after.etag).not.toBe(before.etag);
  });

  it('a public answer is the same in every encoding and goes with its cache entry', async () => {
    const url = `${API.petSitters}?offset=1&limit=20&SearchTerm=&CountryId=`;
    const before = await inEveryEncoding(url);
    const first = (JSON.parse(before.body) as { data: { items: { ID: number }[] } }).data.items[0];

    await running.server.database.db
      .update(providers)
      .set({ name: 'Kept Answer Changed' })
      .where(eq(providers.id, first.ID));
    await invalidatePublicCache(app, [cacheTag.providers('sitter')]);
    const after = await inEveryEncoding(url);
    expect(after.body).toContain('"name":"Kept Answer Changed"');
    expect(after.etag).not.toBe(before.etag);
  });

  it('chooses br or gzip as the compress plugin would, or leaves the answer to it', () => {
    expect(keptEncoding(undefined)).toBeNull();
    expect(keptEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(keptEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(keptEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(keptEncoding('x-gzip')).toBe('gzip');
    expect(keptEncoding('*')).toBe('gzip');
    expect(keptEncoding('deflate')).toBeNull();
    expect(keptEncoding('identity')).toBeNull();
  });
});
