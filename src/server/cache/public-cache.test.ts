// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ALL } from '#server/cache/change-feed';
import { PublicCache } from '#server/cache/public-cache';

describe('PublicCache', () => {
  it('serves a stored value until invalidated', async () => {
    const c = new PublicCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.get('k', load)).toBe(1);
    expect(await c.get('k', load)).toBe(1);
    c.invalidate();
    expect(await c.get('k', load)).toBe(2);
  });

  it('never keeps a value whose read overlapped a write', async () => {
    const c = new PublicCache();
    let release: (v: string) => void = () => {};
    const slow = c.get('k', () => new Promise<string>((r) => (release = r)), ['pet:1']);
    c.invalidate(['pet:1']);
    release('old');
    expect(await slow).toBe('old');
    expect(await c.get('k', async () => 'new', ['pet:1'])).toBe('new');
  });

  it('keeps a read that overlapped a write of something else', async () => {
    const c = new PublicCache();
    let release: (v: string) => void = () => {};
    const slow = c.get('k', () => new Promise<string>((r) => (release = r)), ['pet:1']);
    c.invalidate(['pet:2']);
    release('kept');
    await slow;
    expect(await c.get('k', async () => 'reloaded', ['pet:1'])).toBe('kept');
  });

  it('invalidates by tag: only the entries that depend on what changed go', async () => {
    const c = new PublicCache();
    await c.get('pet 1', async () => 'a', ['pet:1']);
    await c.get('pet 2', async () => 'b', ['pet:2']);
    await c.get(
      'list',
      async () => ['p1', 'p2'],
      (rows) => rows.map((r) => `pet:${r.slice(1)}`),
    );
    await c.get('sitters', async () => 's', ['providers:sitters']);
    c.invalidate(['pet:1']);
    expect(c.size).toBe(2);
    expect(await c.get('pet 2', async () => 'reloaded', ['pet:2'])).toBe('b');
    expect(await c.get('list', async () => ['reloaded'])).toEqual(['reloaded']);
    c.invalidate([ALL]);
    expect(c.size).toBe(0);
  });

  it('collects the tags of the reads made while building a page', async () => {
    const reads = new PublicCache();
    await reads.get('pet', async () => 'cached', ['pet:7']);
    const page = await PublicCache.collectingTags(async () => {
      const a = await reads.get('pet', async () => 'x', ['pet:7']);
      const b = await reads.get('list', async () => 'y', ['pets']);
      return `${a}${b}`;
    });
    expect(page).toEqual({ value: 'cachedy', tags: ['pet:7', 'pets'] });
  });

  it('shares one load among concurrent readers', async () => {
    const c = new PublicCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return loads;
    };
    expect(await Promise.all([c.get('k', load), c.get('k', load), c.get('k', load)])).toEqual([1, 1, 1]);
  });

  it('is a pass-through when disabled', async () => {
    const c = new PublicCache({ enabled: false });
    let loads = 0;
    await c.get('k', async () => ++loads);
    await c.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(c.size).toBe(0);
  });

  it('serves an entry for at most maxAgeMs (the short TTL while the change feed is down)', async () => {
    let maxAge = Infinity;
    const c = new PublicCache({ maxAgeMs: () => maxAge });
    let loads = 0;
    await c.get('k', async () => ++loads);
    maxAge = 0;
    await new Promise((r) => setTimeout(r, 5));
    expect(await c.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps at most maxEntries, least recently used dropped first', async () => {
    const pages = new PublicCache({ maxEntries: 2 });
    let renders = 0;
    const render = async () => ++renders;
    await pages.get('/adopt', render);
    await pages.get('/lost', render);
    await pages.get('/adopt', render);
    expect(renders).toBe(2);
    await pages.get('/sitters', render);
    expect(pages.size).toBe(2);
    await pages.get('/lost', render); // the least recently used page was dropped
    expect(renders).toBe(4);
  });

  it('with a budget in bytes, keeps as many entries as fit, least recently used dropped first', async () => {
    const pages = new PublicCache({
      maxEntries: 1,
      maxBytes: { budget: 100, weigh: (v) => (v as { bytes: number }).bytes },
    });
    const page = (bytes: number) => async () => ({ bytes });
    await pages.get('a', page(30));
    await pages.get('b', page(30));
    await pages.get('c', page(30));
    // a count limit does not apply with a budget
    expect([pages.size, pages.bytes]).toEqual([3, 90]);
    await pages.get('a', page(999)); // a hit: 'a' is now the most recently used
    await pages.get('d', page(30));
    expect([pages.size, pages.bytes]).toEqual([3, 90]);
    let loads = 0;
    await pages.get('b', async () => ({ bytes: 30, load: ++loads })); // 'b' went first
    expect(loads).toBe(1);
    // heavier than the whole budget: served, not kept, and nothing else goes for it
    const before = pages.size;
    expect(await pages.get('huge', page(101))).toEqual({ bytes: 101 });
    expect([pages.size, pages.bytes]).toEqual([before, 90]);
    // invalidation gives the bytes back
    pages.invalidate(['nothing-tagged']);
    pages.invalidate();
    expect([pages.size, pages.bytes]).toEqual([0, 0]);
  });
});
