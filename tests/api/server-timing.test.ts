import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServerWithRenderer, type ServerWithClient } from '#tests/support/server-with-client';
import { API } from '#shared/contract/paths';
import { parseServerTiming } from '#tests/bench/pages-cold';

/**
 * Server-Timing on pages (issue 24 item 4): an operator sees where a page's time went. A render
 * reports its data (the page's calls) and render parts beside the whole answer ("page"); a page
 * from the page cache says so and has no parts; a page left to the browser says that. The stand-in
 * renderer (for dist/server/entry-server.js) reports the parts it was given; the real renderer's
 * measurements are checked in tests/e2e/server-render.spec.ts.
 */
const RENDERER = {
  body: `
  if (input.url.startsWith('/Dashboard')) return { rendered: false };
  const passes = input.url.includes('page=2') ? 2 : 1;`,
  html: `'<p>' + input.url + '</p>'`,
  more: 'timing: { dataMs: 12.34, renderMs: 30.06, passes },',
};

describe('Server-Timing on pages', () => {
  let running: ServerWithClient;

  beforeAll(async () => {
    running = await startServerWithRenderer('server-timing', RENDERER);
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  beforeEach(() => running.server.app.pageCache.invalidate());

  const get = (url: string) =>
    running.server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' } });

  it('a rendered page gives its data and render times, and the whole answer’s', async () => {
    const res = await get('/adopt');
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['server-timing']);
    expect(header).toMatch(/^page;desc="rendered";dur=\d+\.\d, data;dur=12\.3, render;dur=30\.1$/);
    const timing = parseServerTiming(header);
    expect(timing.page).toBeGreaterThan(0);
  });

  it('a page from the page cache says so, without render parts', async () => {
    await get('/lost');
    const again = await get('/lost?utm_source=x');
    const header = String(again.headers['server-timing']);
    expect(header).toMatch(/^page;desc="page cache";dur=\d+\.\d$/);
  });

  it('a render that took more than one pass says how many', async () => {
    expect(String((await get('/adopt?page=2')).headers['server-timing'])).toMatch(
      /, render;dur=30\.1;desc="2 passes"$/,
    );
  });

  it('a page left to the browser says so', async () => {
    const res = await get('/Dashboard');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['server-timing'])).toMatch(/^page;desc="browser renders";dur=\d+\.\d$/);
  });

  it('304 answers carry it too, and API answers do not', async () => {
    const first = await get('/vets');
    const revalidated = await running.server.app.inject({
      method: 'GET',
      url: '/vets',
      headers: { 'accept-language': 'en', 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(String(revalidated.headers['server-timing'])).toMatch(/^page;desc="page cache"/);
    const api = await running.server.app.inject({ method: 'GET', url: API.petTypes });
    expect(api.headers['server-timing']).toBeUndefined();
  });
});
