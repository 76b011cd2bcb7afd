import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ADDRESS, pageAddress } from '#shared/page-address';

describe('pageAddress', () => {
  it('keeps the parameters a page reads, first value each, in its route’s order, and drops the rest', () => {
    expect(pageAddress('/lost?view=map&utm_source=x&petType=3&page=2&petType=9').url).toBe(
      '/lost?petType=3&page=2&view=map',
    );
    expect(pageAddress('/Pets/Details?publicId=DEMO0001&isFrom=Home&fbclid=1').url).toBe(
      '/Pets/Details?publicId=DEMO0001&isFrom=Home',
    );
    expect(pageAddress('/Pets/Flyer?publicId=DEMO0002&isFrom=Lost').url).toBe('/Pets/Flyer?publicId=DEMO0002');
    expect(pageAddress('/support?page=2&lang=es').url).toBe('/support');
  });

  it('reads parameters as the page does (decoded names and values, empty values kept)', () => {
    expect(pageAddress('/Pets/Details?%70ublicId=a%20b+c').url).toBe('/Pets/Details?publicId=a+b+c');
    // an empty (or junk) listing value reads as the default: the canonical page (docs/decisions/0159)
    expect(pageAddress('/adopt?page=').url).toBe('/adopt');
    // the listings' text search (issue 36): spaces run together, junk (too long, control characters) is no search
    expect(pageAddress('/adopt?search=++Golden%20%20Retriever+').url).toBe('/adopt?search=Golden+Retriever');
    expect(pageAddress('/lost?search=Rex&petType=2').url).toBe('/lost?petType=2&search=Rex');
    expect(pageAddress(`/adopt?search=${'a'.repeat(101)}`).url).toBe('/adopt');
    expect(pageAddress('/adopt?search=a%00b').url).toBe('/adopt');
    expect(pageAddress('/adopt?search=').url).toBe('/adopt');
    expect(pageAddress('/sitters?search=Rex').url).toBe('/sitters');
    // the server keeps no page of a text search (each new word would be one: docs/decisions/0162)
    expect(pageAddress('/adopt?search=Rex').keep).toBe(false);
    expect(pageAddress('/adopt?search=%20').keep).toBe(true);
    expect(pageAddress('/adopt?page=2').keep).toBe(true);
  });

  it('spells the path as its route does, as the router matches it', () => {
    expect(pageAddress('/ADOPT/').url).toBe('/adopt');
    expect(pageAddress('/pets/details?publicId=X').url).toBe('/Pets/Details?publicId=X');
    expect(pageAddress('/Pet-Sitter/%31').url).toBe('/pet-sitter/1');
    expect(pageAddress('/pet-vet/a%2Fb').url).toBe('/pet-vet/a%2Fb');
    expect(pageAddress('/').url).toBe('/');
    expect(pageAddress('/?utm_source=x').url).toBe('/');
    // a found report's page and flyer; the finder's link keeps its own page (and reads its token in the browser)
    expect(pageAddress('/Found/12/?utm_source=x').url).toBe('/found/12');
    expect(pageAddress('/found/12/Flyer').url).toBe('/found/12/flyer');
    expect(pageAddress('/found/manage?token=abc').url).toBe('/found/manage');
    expect(pageAddress('/found?view=map&utm_source=x').url).toBe('/found?view=map');
  });

  it('gives every address no route matches the one not-found address', () => {
    for (const url of ['/nope', '/adopt/more', '//adopt', '/pet-sitter/', '/pet-sitter/1/2', '/api-like'])
      expect(pageAddress(url).url, url).toBe(NOT_FOUND_ADDRESS);
  });

  it('calls an address plain only when it holds only what the page reads, each named once, with a value', () => {
    const plain = [
      '/adopt',
      '/adopt?page=2',
      '/adopt?petType=2&page=2',
      '/adopt?page=2&petType=2',
      '/adopt?lang=ar&page=2',
      '/pet-sitter/1',
      '/?lang=en',
    ];
    const other = [
      '/adopt?utm_source=x',
      '/adopt?page=2&page=3',
      // the default written out, or another spelling of a value: the same page as its canonical address
      '/adopt?petType=1&page=2',
      '/adopt?page=02',
      '/adopt?search=+Rex',
      '/adopt?search=',
      // a text search is its asker's page: not for a shared cache (docs/decisions/0162)
      '/adopt?search=Rex',
      '/lost?petType=2&search=Golden+Retriever',
      '/adopt?%70age=2',
      '/adopt?page',
      '/adopt?lang=AR',
      '/adopt?lang=es-MX',
      '/adopt?lang=en&lang=es',
      '/pet-sitter/1?id=2',
      '/nope',
    ];
    for (const url of plain) expect(pageAddress(url).plain, url).toBe(true);
    for (const url of other) expect(pageAddress(url).plain, url).toBe(false);
  });
});
