import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '#shared/contract/paths';
import { PROVIDER_KINDS } from '#shared/constants';
import { cacheTag, invalidatePublicCache } from '#server/cache/public-cache';
import { providers } from '#server/db/schema';
import { startServerWithRenderer, type ServerWithClient } from '#tests/support/server-with-client';

/**
 * A page's calls of public reads are answered by the function behind their route, without app.inject
 * (src/server/http/public-reads.ts, docs/decisions/0208): the same status and bytes as the route in the page's
 * language, the same cache entries and tags. PGlite only (the routes themselves are tested on both databases); the
 * renderer is a stand-in that makes the calls `globalThis.__pawtalCalls` names and keeps what they answered.
 */
interface Seen {
  url: string;
  status: number;
  body: string;
}
const shared = globalThis as { __pawtalCalls?: string[]; __pawtalAnswers?: Seen[] };

const RENDERER = {
  body: `
  for (const url of globalThis.__pawtalCalls ?? []) {
    const answer = await input.fetchApi(url, { method: 'GET' });
    globalThis.__pawtalAnswers.push({ url, status: answer.status, body: await answer.text() });
  }`,
  html: `'<p>' + 'page '.repeat(300) + '</p>'`,
};

describe("a page's calls of public reads", () => {
  let running: ServerWithClient;
  let app: FastifyInstance;
  let page = 0;
  /** the address of the page `page` (each its own page of the page cache) */
  const pageAddress = () => `/pet-sitter/${100_000 + page}`;

  beforeAll(async () => {
    running = await startServerWithRenderer('page-calls', RENDERER);
    app = running.server.app;
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  beforeEach(async () => {
    await invalidatePublicCache(app);
    shared.__pawtalAnswers = [];
  });

  /** Renders a new page (an address not rendered before) in `language` whose render makes `calls`; their answers. */
  async function pageCalls(calls: string[], language = 'en'): Promise<Seen[]> {
    shared.__pawtalCalls = calls;
    shared.__pawtalAnswers = [];
    page += 1;
    const res = await app.inject({ method: 'GET', url: pageAddress(), headers: { 'accept-language': language } });
    expect(res.statusCode).toBe(200);
    return shared.__pawtalAnswers;
  }

  /** Watches app.inject: what it returns gives the addresses asked through it since, and stops watching. */
  function watchInject(): () => string[] {
    const spy = vi.spyOn(app, 'inject');
    return () => {
      const urls = spy.mock.calls.map((args: unknown[]) => (args[0] as { url: string }).url);
      spy.mockRestore();
      return urls;
    };
  }

  const fromRoute = (url: string, language = 'en') =>
    app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': language } });

  async function providerId(kind: (typeof PROVIDER_KINDS)[number]): Promise<number> {
    const [row] = await app.db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.kind, kind)))
      .limit(1);
    return row.id;
  }

  async function publicReadCalls(): Promise<string[]> {
    const byIdPath = {
      sitter: API.petSitterById,
      trainer: API.petTrainerById,
      walker: API.petWalkerById,
      groomer: API.petGroomerById,
      vet: API.vetById,
    } as const;
    const ids = await Promise.all(PROVIDER_KINDS.map((kind) => providerId(kind)));
    return [
      ...PROVIDER_KINDS.map((kind, i) => `${byIdPath[kind]}?id=${ids[i]}`),
      `${API.vetById}?id=999999`,
      `${API.petDetailsByPublicId}?petProfileId=&publicId=DEMO0001&profileNeeded=&latitude=0&longitude=0`,
      `${API.petDetailsByPublicId}?petProfileId=&publicId=NOSUCHPET&profileNeeded=&latitude=0&longitude=0`,
      API.countries,
      API.wellnessCategories,
    ];
  }

  it('answers them as their routes do, in the page language, without going through the routes', async () => {
    const calls = await publicReadCalls();
    for (const language of ['en', 'es']) {
      await invalidatePublicCache(app);
      const injected = watchInject();
      const answers = await pageCalls(calls, language);
      // the page's own request is the only one through app.inject
      expect(injected()).toEqual([pageAddress()]);
      expect(answers.map((a) => a.url)).toEqual(calls);
      for (const answer of answers) {
        const route = await fromRoute(answer.url, language);
        expect({ url: answer.url, status: answer.status, body: answer.body }).toEqual({
          url: answer.url,
          status: route.statusCode,
          body: route.body,
        });
      }
    }
    const [notFound] = await pageCalls([`${API.vetById}?id=999999`], 'es');
    const [notFoundEn] = await pageCalls([`${API.vetById}?id=999999`], 'en');
    expect(JSON.parse(notFound.body).result).toBe(0);
    expect(JSON.parse(notFound.body).message).not.toBe(JSON.parse(notFoundEn.body).message);
  });

  it('sends a call in any other form through its route', async () => {
    const id = await providerId('sitter');
    const calls = [
      `${API.petSitterById}?id=0${id}`,
      `${API.petSitterById}?id=${id}&extra=1`,
      `${API.petSitterById}?id=abc`,
      `${API.petDetailsByPublicId}?publicId=DEMO0001&latitude=40.4&longitude=-3.7`,
      `${API.countries}?x=1`,
    ];
    const injected = watchInject();
    const answers = await pageCalls(calls);
    expect(injected()).toEqual([pageAddress(), ...calls]);
    for (const answer of answers) expect(answer.body).toBe((await fromRoute(answer.url)).body);
  });

  it("shares the routes' cache entries and kept answers, and keeps the page by their tags", async () => {
    const id = await providerId('groomer');
    const url = `${API.petGroomerById}?id=${id}`;
    // the page's call fills the cache entry the API then answers from (one answer, one ETag)
    const [first] = await pageCalls([url]);
    expect(app.publicCache.peek(`provider:groomer:${id}`)).not.toBeUndefined();
    const api = await fromRoute(url);
    expect(api.body).toBe(first.body);
    expect(api.headers.etag).toBe((await fromRoute(url)).headers.etag);

    // a page made of the call is kept until a write of providers of its kind
    shared.__pawtalCalls = [url];
    page += 1;
    const address = pageAddress();
    const render = () => app.inject({ method: 'GET', url: address, headers: { 'accept-language': 'en' } });
    shared.__pawtalAnswers = [];
    await render();
    await render();
    expect(shared.__pawtalAnswers).toHaveLength(1);
    await invalidatePublicCache(app, [cacheTag.providers('walker')]);
    await render();
    expect(shared.__pawtalAnswers).toHaveLength(1);
    await invalidatePublicCache(app, [cacheTag.providers('groomer')]);
    await render();
    expect(shared.__pawtalAnswers).toHaveLength(2);
  });
});
