import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { foundPets } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';

/** A minimal built client: the head renderers write into its <title>. */
function tempClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="default" /><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1] ?? null;

const FINDER = 'hidden.finder@example.org';
const EXACT = { latitude: 38.712345, longitude: -9.138765 };

describeOnBothDatabases('Share meta of a found report’s page (/found/{id})', (ctx) => {
  let app: FastifyInstance;
  let clientDir: string;
  const ids: Record<'open' | 'reunited' | 'withdrawn', number> = { open: 0, reunited: 0, withdrawn: 0 };

  beforeAll(async () => {
    const { db, config, server } = ctx();
    for (const status of ['open', 'reunited', 'withdrawn'] as const) {
      const [row] = await db
        .insert(foundPets)
        .values({
          status,
          petTypeId: 1,
          colors: ['black', 'tan'],
          size: 'medium',
          ...EXACT,
          publicLatitude: 38.7135,
          publicLongitude: -9.1375,
          foundDate: '2026-11-20',
          note: `Shy dog near the bakery, write to ${FINDER}`,
          photos: ['found/share-test.webp'],
          finderEmail: FINDER,
          confirmedAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: foundPets.id });
      ids[status] = row.id;
    }
    clientDir = tempClientDir();
    app = await buildApp({ config, database: server.database, clientDir, logger: false, backgroundJobs: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('names what was found and the day, with the first photo, and never the finder’s address, note or place', async () => {
    const res = await app.inject({ method: 'GET', url: `/found/${ids.open}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title).toBe('Dog found on November 20, 2026 – Pawtal');
    expect(meta(html, 'property', 'og:title')).toBe(title);
    expect(meta(html, 'property', 'og:description')).toBe(
      'Dog: Black, Tan, Medium, found on November 20, 2026. Is it yours, or do you know its family? Write to the finder through Pawtal.',
    );
    expect(meta(html, 'name', 'description')).toBe(meta(html, 'property', 'og:description'));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, 'property', 'og:url')).toBe(`http://pawtal.test/found/${ids.open}`);
    expect(meta(html, 'property', 'og:image')).toMatch(/^http:\/\/pawtal\.test\/.*found\/share-test\.webp$/);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain(FINDER);
    expect(html).not.toContain('bakery');
    for (const exact of ['38.712345', '9.138765', '38.7135', '9.1375']) expect(html).not.toContain(exact);
  });

  it('writes the head in the page’s language, and says when the pet is home again', async () => {
    const fr = (await app.inject({ method: 'GET', url: `/found/${ids.open}?lang=fr` })).body;
    expect(/<title>([^<]*)<\/title>/.exec(fr)?.[1]).toBe('Chien trouvé le 20 novembre 2026 – Pawtal');
    expect(meta(fr, 'property', 'og:url')).toBe(`http://pawtal.test/found/${ids.open}?lang=fr`);
    const home = (await app.inject({ method: 'GET', url: `/found/${ids.reunited}` })).body;
    expect(meta(home, 'property', 'og:description')).toContain('home again thanks to Pawtal');
  });

  it('writes no head for a report nobody may see, an unknown one, or an id that is not one', async () => {
    for (const url of [`/found/${ids.withdrawn}`, '/found/99999999', '/found/0', '/found/abc', '/found/manage']) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).not.toContain('og:title');
      expect(html, url).not.toContain(FINDER);
    }
  });
});
