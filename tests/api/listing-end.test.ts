import { describe, expect, it } from 'vitest';
import { ADDRESS_ECHO_HTML, servePagesRecordingRenders } from '#tests/support/server-with-client';

/**
 * A page number past the end of a real listing but within MAX_PAGE (issue 35 item 3, docs/decisions/0159):
 * each listing renders one page past its end (the first empty one, which says so and offers the way back);
 * every number beyond it is sent there without a render and makes no page of its own. The stand-in
 * renderer makes the listing's real call, as the listing pages do (offset = the 1-based page, limit 4).
 */
const RENDERER = {
  prelude: `const CALLS = { '/walkers': '/api/PetWalkers/GetPetWalkers', '/adopt': '/api/Pets/GetPetsForAdoption' };`,
  body: `
  const [path, query = ''] = input.url.split('?');
  const page = new URLSearchParams(query).get('page') ?? '1';
  const call = CALLS[path];
  if (call) await input.fetchApi(call + '?petTypeId=1&offset=' + page + '&limit=4&SearchTerm=&CountryId=', { method: 'GET' });`,
  html: ADDRESS_ECHO_HTML,
};

describe('a page past the end of its listing', () => {
  const site = servePagesRecordingRenders('listing-end', 'input.url', RENDERER);
  const { get } = site;

  /** the walkers directory's last page with walkers on it, from its count */
  async function walkersPages(): Promise<number> {
    const res = await site.app().inject({
      method: 'GET',
      url: '/api/PetWalkers/GetPetWalkers?offset=1&limit=4&SearchTerm=&CountryId=',
    });
    const { totalCount } = (res.json() as { data: { totalCount: number } }).data;
    return Math.max(1, Math.ceil(totalCount / 4));
  }

  it('renders once for a directory and sends every number beyond its end to the one page past it', async () => {
    const pastTheEnd = (await walkersPages()) + 1;
    const first = await get('/walkers?page=500');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`/walkers?page=${pastTheEnd}`);
    expect(String(first.headers['cache-control'])).toBe('private, no-cache');
    for (const page of [501, 777, 99_999, pastTheEnd + 1]) {
      const res = await get(`/walkers?page=${page}&lang=es&utm_source=x`);
      expect(res.statusCode, String(page)).toBe(302);
      expect(res.headers.location, String(page)).toBe(`/walkers?page=${pastTheEnd}&lang=es&utm_source=x`);
    }
    // the junk numbers made one render between them, and no page of their own
    expect(site.renders()).toEqual(['/walkers?page=500']);
    expect(site.app().pageCache.size).toBe(1);

    // the page past the end is the listing's own, rendered and kept once; the pages before it are untouched
    expect((await get(`/walkers?page=${pastTheEnd}`)).statusCode).toBe(200);
    expect((await get(`/walkers?page=${pastTheEnd}`)).statusCode).toBe(200);
    expect((await get('/walkers?page=2')).statusCode).toBe(200);
    expect(site.renders()).toEqual(['/walkers?page=500', `/walkers?page=${pastTheEnd}`, '/walkers?page=2']);
  });

  it('learns a pet listing’s end from its first empty page, and forgets it when a write changes the listing', async () => {
    expect((await get('/adopt?page=400')).statusCode).toBe(200);
    for (const page of [401, 5000, 100_000]) {
      const res = await get(`/adopt?page=${page}`);
      expect(res.statusCode, String(page)).toBe(302);
      expect(res.headers.location).toBe('/adopt?page=400');
    }
    expect(site.renders()).toEqual(['/adopt?page=400']);

    // a lower empty page becomes the listing's one page past the end
    expect((await get('/adopt?page=300')).statusCode).toBe(200);
    expect((await get('/adopt?page=400')).headers.location).toBe('/adopt?page=300');

    // a write to pets forgets the end with the pages (the listing may have grown)
    site.app().pageCache.invalidate(['pets']);
    expect((await get('/adopt?page=400')).statusCode).toBe(200);
    expect(site.renders()).toEqual(['/adopt?page=400', '/adopt?page=300', '/adopt?page=400']);
  });

  it('keeps the first pages as they were', async () => {
    for (const url of ['/walkers', '/adopt', '/adopt?page=2', '/walkers?page=1'])
      expect((await get(url)).statusCode, url).toBe(200);
  });
});
