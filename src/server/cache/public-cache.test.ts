import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache';

describe('PublicCache', () => {
  it('serves a stored value until invalidated', async () => {
    const c = new PublicCache(true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.get('k', load)).toBe(1);
    expect(await c.get('k', load)).toBe(1);
    c.invalidate();
    expect(await c.get('k', load)).toBe(2);
  });

  it('never keeps a value whose read overlapped a write', async () => {
    const c = new PublicCache(true);
    let release: (v: string) => void = () => {};
    const slow = c.get('k', () => new Promise<string>((r) => (release = r)));
    c.invalidate();
    release('old');
    expect(await slow).toBe('old');
    expect(await c.get('k', async () => 'new')).toBe('new');
  });

  it('shares one load among concurrent readers', async () => {
    const c = new PublicCache(true);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return loads;
    };
    expect(await Promise.all([c.get('k', load), c.get('k', load), c.get('k', load)])).toEqual([1, 1, 1]);
  });

  it('is a pass-through when disabled (PostgreSQL)', async () => {
    const c = new PublicCache(false);
    let loads = 0;
    await c.get('k', async () => ++loads);
    await c.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(c.size).toBe(0);
  });

  it('clears a dependent cache (rendered pages) with itself, and keeps at most maxEntries', async () => {
    const reads = new PublicCache(true);
    const pages = new PublicCache(true, 2);
    reads.addDependent(pages);
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
    reads.invalidate();
    expect(pages.size).toBe(0);
    await pages.get('/adopt', render);
    expect(renders).toBe(5);
  });
});
