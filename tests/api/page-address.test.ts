import { describe, expect, it } from 'vitest';
import { listCountries, listPetTypes } from '#server/reference/lookups';
import { ADDRESS_ECHO_HTML, servePagesRecordingRenders } from '#tests/support/server-with-client';

/**
 * Pages are rendered from, and kept under, the address their route reads (issue 19 item 3,
 * docs/decisions/0101): a parameter the page does not read (utm_source, fbclid, anything) neither
 * makes a new render nor reaches the renderer, and an answer to such an address is marked so that
 * no shared cache in front keeps it under that address. The stand-in renderer (for
 * dist/server/entry-server.js) records the address it is given and answers with it.
 */
const RENDERER = { html: ADDRESS_ECHO_HTML };

const PUBLIC = /^public, /;

describe('pages keyed on the address their route reads', () => {
  const site = servePagesRecordingRenders('page-address', `input.url + ' ' + input.language`, RENDERER);
  const { get } = site;
  const renderedAddress = (body: string) => /data-url="([^"]*)"/.exec(body)?.[1]?.replace(/&amp;/g, '&');

  it('renders a page once for every address that differs only in what the page does not read', async () => {
    const variants = [
      '/adopt?petType=2&page=3',
      '/adopt?page=3&petType=2',
      '/adopt?petType=2&page=3&utm_source=newsletter&utm_medium=email',
      '/adopt?fbclid=IwAR0abc&petType=2&page=3',
      '/adopt?petType=2&page=3&x7f3=1',
      '/adopt?petType=2&page=3&petType=5',
      '/ADOPT/?petType=2&page=3',
      '/adopt?%70etType=2&page=3',
    ];
    for (const url of variants) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(renderedAddress(res.body), url).toBe('/adopt?petType=2&page=3');
    }
    expect(site.renders()).toEqual(['/adopt?petType=2&page=3 en']);

    // what the page reads makes another page, and so does the language
    await get('/adopt?petType=2&page=4');
    await get('/adopt?petType=2&page=3', { 'accept-language': 'es' });
    await get('/adopt?petType=2&page=3&lang=ar');
    expect(site.renders()).toEqual([
      '/adopt?petType=2&page=3 en',
      '/adopt?petType=2&page=4 en',
      '/adopt?petType=2&page=3 es',
      '/adopt?petType=2&page=3 ar',
    ]);
  });

  it('gives each page only the parameters its route reads, in the order its links write them', async () => {
    const cases: [string, string][] = [
      [
        '/Pets/Details?isFrom=Lost&publicId=DEMO0002&petProfileId=2&utm_campaign=x',
        '/Pets/Details?petProfileId=2&publicId=DEMO0002&isFrom=Lost',
      ],
      ['/pets/details?publicId=DEMO0001&gclid=1', '/Pets/Details?publicId=DEMO0001'],
      [
        '/sitters?view=map&near=51.51%2C-0.13&country=3&page=2&ref=home',
        '/sitters?page=2&country=3&near=51.51%2C-0.13&view=map',
      ],
      ['/pet-sitter/1?utm_source=x', '/pet-sitter/1'],
      ['/support?page=2', '/support'],
      ['/?lang=es&publicId=DEMO0001', '/'],
    ];
    for (const [url, expected] of cases) expect(renderedAddress((await get(url)).body), url).toBe(expected);
  });

  it('renders a value that does not parse or is out of range as the canonical page, never a page of its own (issue 35 item 3)', async () => {
    const junk: [string, string][] = [
      ['/adopt?page=999999', '/adopt'],
      ['/adopt?page=abc', '/adopt'],
      ['/adopt?page=0', '/adopt'],
      ['/adopt?page=-3', '/adopt'],
      ['/adopt?page=2.5', '/adopt'],
      ['/adopt?page=1', '/adopt'],
      ['/adopt?petType=x', '/adopt'],
      ['/adopt?petType=1', '/adopt'],
      ['/adopt?petType=1e3', '/adopt'],
      ['/lost?near=junk', '/lost'],
      ['/lost?near=95,200', '/lost'],
      ['/lost?view=list', '/lost'],
      ['/lost?view=satellite', '/lost'],
      ['/vets?country=zz', '/vets'],
      ['/vets?country=007', '/vets'],
      ['/AnimalHouse?page=1e400', '/AnimalHouse'],
      ['/AnimalHouse?country=-1', '/AnimalHouse'],
    ];
    for (const [url, canonical] of junk) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(renderedAddress(res.body), url).toBe(canonical);
      // answered from the canonical page, but no shared cache keeps it under the junk address
      expect(String(res.headers['cache-control']), url).toBe('private, no-cache');
    }
    expect(site.renders()).toEqual(['/adopt en', '/lost en', '/vets en', '/AnimalHouse en']);
    expect(site.app().pageCache.size).toBe(4);

    // a value in range but spelt otherwise is the page in its one spelling
    const spelt: [string, string][] = [
      ['/adopt?page=03', '/adopt?page=3'],
      ['/lost?near=51.5071,-0.1278', '/lost?near=51.51%2C-0.13'],
      ['/lost?near=51.51,-0.13', '/lost?near=51.51%2C-0.13'],
    ];
    for (const [url, canonical] of spelt) expect(renderedAddress((await get(url)).body), url).toBe(canonical);
    expect(site.renders()).toHaveLength(6);
    expect(String((await get('/lost?near=51.51,-0.13')).headers['cache-control'])).toMatch(PUBLIC);
  });

  it('renders a listing text search for its asker and keeps no page of it; junk is the page without one (issue 36)', async () => {
    for (const word of ['Rex', 'Luna', 'Rex']) {
      const res = await get(`/adopt?search=${word}`);
      expect(res.statusCode, word).toBe(200);
      expect(renderedAddress(res.body), word).toBe(`/adopt?search=${word}`);
      expect(String(res.headers['cache-control']), word).toBe('private, no-cache');
    }
    expect(site.renders()).toEqual(['/adopt?search=Rex en', '/adopt?search=Luna en', '/adopt?search=Rex en']);
    expect(site.app().pageCache.size).toBe(0);
    expect(renderedAddress((await get('/lost?search=%20Golden%20%20Retriever')).body)).toBe(
      '/lost?search=Golden+Retriever',
    );
    expect(renderedAddress((await get(`/adopt?search=${'x'.repeat(101)}`)).body)).toBe('/adopt');
    expect(site.app().pageCache.size).toBe(1);
  });

  it('sends an address naming a pet type or country that does not exist to the page without it, rendering nothing (issue 35 item 3)', async () => {
    const cases: [string, string][] = [
      ['/vets?country=999999', '/vets'],
      ['/AnimalHouse?country=424242&page=2', '/AnimalHouse?page=2'],
      ['/adopt?petType=424242&page=2&utm_source=x', '/adopt?page=2&utm_source=x'],
      ['/lost?petType=999999999', '/lost'],
    ];
    for (const [url, target] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(target);
    }
    expect(site.renders()).toEqual([]);
    expect(site.app().pageCache.size).toBe(0);

    // one that exists is the page's own
    const [country] = await listCountries(site.app());
    const [petType] = await listPetTypes(site.app());
    expect((await get(`/vets?country=${country.id}`)).statusCode).toBe(200);
    expect((await get(`/adopt?petType=${petType.id}`)).statusCode).toBe(200);
    expect(site.renders()).toHaveLength(2);
  });

  it('renders every address no route matches as one not-found page', async () => {
    await get('/no/such/page');
    await get('/another-one?x=1');
    await get('/pet-sitter/1/extra');
    expect(site.renders()).toHaveLength(1);
  });

  it('lets a shared cache keep only answers to the page’s own address, and says what every answer varies on', async () => {
    const plain = [
      '/adopt',
      '/adopt?petType=2&page=3',
      '/adopt?page=3&petType=2',
      '/Pets/Details?publicId=DEMO0001&isFrom=Home',
      '/sitters?lang=ar',
      '/pet-sitter/1',
    ];
    const other = [
      '/adopt?utm_source=x',
      '/adopt?page=3&page=4',
      '/adopt?%70age=3',
      '/adopt?page',
      '/adopt?lang=ES',
      '/adopt?lang=fr-FR',
      '/Pets/Details?publicId=DEMO0001&fbclid=abc',
      '/pet-sitter/1?x=1',
    ];
    for (const url of [...plain, ...other]) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        const res = await get(url, encoding ? { 'accept-encoding': encoding } : {});
        expect(res.statusCode, url).toBe(200);
        const control = String(res.headers['cache-control']);
        if (plain.includes(url)) expect(control, url).toMatch(PUBLIC);
        else expect(control, url).toBe('private, no-cache');
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        // every form, the uncompressed one too, says what it depends on
        const vary = String(res.headers.vary)
          .toLowerCase()
          .split(/\s*,\s*/);
        expect(vary, `${url} ${encoding}`).toEqual(
          expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']),
        );
        expect(new Set(vary).size, `${url}: ${String(res.headers.vary)}`).toBe(vary.length);
        // the browser still revalidates either kind
        const again = await get(url, {
          'if-none-match': String(res.headers.etag),
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        });
        expect(again.statusCode, url).toBe(304);
      }
    }
  });
});
