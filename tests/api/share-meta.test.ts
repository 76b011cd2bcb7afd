import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { eq } from 'drizzle-orm';
import { petProfiles } from '#server/db/schema';
import { invalidatePublicCache } from '#server/cache/public-cache';
import { svgText } from '#server/pages/share-image';
import { describeOnBothDatabases } from '#tests/support/databases';

const NASTY_NAME = `<script>alert("x")</script> O'Hara & Co`;

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

function metaContent(html: string, attr: 'property' | 'name', key: string): string | null {
  const m = html.match(new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`));
  return m ? m[1] : null;
}

describe('svgText', () => {
  it('escapes XML and shortens long names', () => {
    expect(svgText(`<b>"A" & 'B'</b>`)).toBe('&lt;b&gt;&quot;A&quot; &amp; &apos;B&apos;&lt;/b&gt;');
    expect([...svgText('x'.repeat(100), 10)].length).toBe(10);
  });
});

describeOnBothDatabases('Pet share meta on /Pets/Details', (ctx) => {
  let app: FastifyInstance;
  let clientDir: string;
  let nastyId: number;

  beforeAll(async () => {
    const { db, config, server } = ctx();
    const [row] = await db
      .insert(petProfiles)
      .values({
        publicId: 'SHARE0001',
        name: NASTY_NAME,
        petTypeId: 1,
        petBreedId: 1,
        dob: '2020-01-01',
        imagePath: 'pets/dog-01.webp',
      })
      .returning({ id: petProfiles.id });
    nastyId = row.id;
    clientDir = tempClientDir();
    app = await buildApp({ config, database: server.database, clientDir, logger: false, backgroundJobs: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes the title and Open Graph / Twitter meta of a demo pet', async () => {
    const res = await app.inject({ method: 'GET', url: '/Pets/Details?publicId=DEMO0001&isFrom=Home' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    expect(title).toMatch(/^.+&#39;s Profile – Pawtal$/);
    const name = title.replace(/&#39;s Profile – Pawtal$/, '');
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:description')).toMatch(/years? old|under a year old/);
    expect(metaContent(html, 'property', 'og:description')).toContain(name);
    expect(metaContent(html, 'property', 'og:type')).toBe('profile');
    expect(metaContent(html, 'property', 'og:url')).toBe('http://pawtal.test/Pets/Details?publicId=DEMO0001');
    expect(metaContent(html, 'property', 'og:image')).toMatch(
      /^http:\/\/pawtal\.test\/media\/share\/\d+\/[0-9a-f]{12}\.jpg\?pet=DEMO0001$/,
    );
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe(title);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(metaContent(html, 'property', 'og:image'));
    // The template's default description is replaced, not duplicated.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('id="app-config"');
  });

  it('finds the pet by both ids when they belong together, and by petProfileId alone only when it is listed', async () => {
    const unlisted = await app.inject({ method: 'GET', url: `/Pets/Details?petProfileId=${nastyId}&isFrom=Adoption` });
    expect(unlisted.body).not.toContain('SHARE0001');
    expect(unlisted.body).not.toContain('og:url');
    const [lost] = await ctx()
      .db.select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0002'));
    const byId = await app.inject({ method: 'GET', url: `/Pets/Details?petProfileId=${lost.id}&isFrom=Lost` });
    expect(metaContent(byId.body, 'property', 'og:url')).toBe('http://pawtal.test/Pets/Details?publicId=DEMO0002');
    const both = await app.inject({
      method: 'GET',
      url: `/Pets/Details?petProfileId=${nastyId}&publicId=SHARE0001&isFrom=Lost`,
    });
    expect(metaContent(both.body, 'property', 'og:url')).toBe('http://pawtal.test/Pets/Details?publicId=SHARE0001');
  });

  it('writes the meta in the page language: title, breed, age and description; og:locale; canonical with ?lang=', async () => {
    // DEMO0001 is a Golden Retriever (breed 35)
    const es = (await app.inject({ method: 'GET', url: '/Pets/Details?publicId=DEMO0001&lang=es' })).body;
    const title = es.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    expect(title).toMatch(/^Perfil de .+ – Pawtal$/);
    const description = metaContent(es, 'property', 'og:description') ?? '';
    expect(description).toContain('Golden retriever');
    expect(description).toMatch(/\d+ años?|menos de un año/);
    expect(description).toContain('Mira el perfil de');
    expect(metaContent(es, 'property', 'og:locale')).toBe('es_ES');
    expect(es).toContain(
      '<link rel="canonical" href="http://pawtal.test/Pets/Details?publicId=DEMO0001&amp;lang=es" />',
    );

    const ar = (
      await app.inject({ method: 'GET', url: '/Pets/Details?publicId=DEMO0001', headers: { 'accept-language': 'ar' } })
    ).body;
    expect(metaContent(ar, 'property', 'og:description')).toContain('غولدن ريتريفر');
    // Latin digits in Arabic too (decision 0108)
    expect(metaContent(ar, 'property', 'og:description')).not.toMatch(/[\u0660-\u0669]/);
    // without ?lang= the canonical address is the one every language shares
    expect(ar).toContain('<link rel="canonical" href="http://pawtal.test/Pets/Details?publicId=DEMO0001" />');

    // the English head is unchanged by the other languages' (kept per language)
    const en = (await app.inject({ method: 'GET', url: '/Pets/Details?publicId=DEMO0001' })).body;
    expect(en.match(/<title>([^<]*)<\/title>/)?.[1]).toMatch(/&#39;s Profile – Pawtal$/);
  });

  it('every page names its versions in every language (hreflang, absolute, x-default without ?lang=) and its description in its language', async () => {
    const page = (await app.inject({ method: 'GET', url: '/sitters?page=2&lang=fr' })).body;
    const alternates = [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(alternates).toContainEqual(['de', 'http://pawtal.test/sitters?page=2&amp;lang=de']);
    expect(alternates).toContainEqual(['x-default', 'http://pawtal.test/sitters?page=2']);
    expect(alternates.map(([lang]) => lang).sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'hi',
      'it',
      'pt',
      'tr',
      'x-default',
      'zh',
    ]);
    expect(page).not.toContain('content="default"');
  });

  it('escapes every value (a name with <script> and quotes)', async () => {
    const res = await app.inject({ method: 'GET', url: '/Pets/Details?publicId=SHARE0001' });
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(`O'Hara`);
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Hara &amp; Co&#39;s Profile – Pawtal</title>',
    );
    const ogTitle = metaContent(html, 'property', 'og:title');
    expect(ogTitle).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Hara &amp; Co&#39;s Profile – Pawtal',
    );
    // No attribute is broken open: every meta tag closes where it should.
    for (const tag of html.match(/<meta [^>]*>/g) ?? [])
      expect(tag).toMatch(
        /^<meta (name|property)="[^"]+" content="[^"]*" \/>$|^<meta name="description" content="[^"]*" \/>$/,
      );
  });

  it('serves a 1200x630 JPEG share image, drawn when first asked for and kept on disk', async () => {
    const res = await app.inject({ method: 'GET', url: '/Pets/Details?publicId=SHARE0001' });
    const imageUrl = new URL(metaContent(res.body, 'property', 'og:image') as string);
    const mediaPath = imageUrl.pathname;
    // the page does not wait for the drawing (about 100 ms of CPU): it is made when a scraper asks
    const file = path.join(ctx().config.mediaDir, mediaPath.replace(/^\/media\//, ''));
    expect(fs.existsSync(file)).toBe(false);
    const img = await app.inject({ method: 'GET', url: mediaPath + imageUrl.search });
    expect(img.statusCode).toBe(200);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const made = fs.statSync(file).mtimeMs;
    await app.inject({ method: 'GET', url: '/Pets/Details?publicId=SHARE0001' });
    expect((await app.inject({ method: 'GET', url: mediaPath + imageUrl.search })).statusCode).toBe(200);
    // kept: served from the store, also without the pet's name in the address
    expect((await app.inject({ method: 'GET', url: mediaPath })).statusCode).toBe(200);
    expect(fs.statSync(file).mtimeMs).toBe(made);
  });

  it('draws no picture for a pet nobody may see, another pet or an old name', async () => {
    const res = await app.inject({ method: 'GET', url: '/Pets/Details?publicId=SHARE0001' });
    const imageUrl = new URL(metaContent(res.body, 'property', 'og:image') as string);
    const [, , , petId, file] = imageUrl.pathname.split('/');
    fs.rmSync(path.join(ctx().config.mediaDir, 'share', petId), { recursive: true, force: true });
    const asked = [
      `/media/share/${petId}/${file}`, // an unlisted pet by its id alone
      `/media/share/${petId}/${file}?pet=DEMO0001`, // another pet's public ID
      `/media/share/${petId}/000000000000.jpg?pet=SHARE0001`, // a name the pet does not draw to
    ];
    for (const url of asked) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(fs.existsSync(path.join(ctx().config.mediaDir, 'share', petId))).toBe(false);
  });

  it('keeps one share image per pet: a new name replaces the old picture', async () => {
    const pictureOf = async () => {
      const url = new URL(
        metaContent(
          (await app.inject({ method: 'GET', url: '/Pets/Details?publicId=SHARE0001' })).body,
          'property',
          'og:image',
        ) as string,
      );
      expect((await app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(200);
      return url;
    };
    const first = await pictureOf();
    await ctx().db.update(petProfiles).set({ name: 'Renamed Rex' }).where(eq(petProfiles.id, nastyId));
    invalidatePublicCache(app);
    const second = await pictureOf();
    expect(second.href).not.toBe(first.href);
    expect(fs.readdirSync(path.join(ctx().config.mediaDir, 'share', String(nastyId)))).toEqual([
      path.basename(second.pathname),
    ]);
    expect((await app.inject({ method: 'GET', url: first.pathname + first.search })).statusCode).toBe(404);
    await ctx().db.update(petProfiles).set({ name: NASTY_NAME }).where(eq(petProfiles.id, nastyId));
    invalidatePublicCache(app);
  });

  it('keeps the default title for an unknown pet, mismatched ids and other pages', async () => {
    for (const url of [
      '/Pets/Details?publicId=NOPE9999',
      `/Pets/Details?publicId=DEMO0001&petProfileId=${nastyId}`,
      '/Pets/Details',
      '/support',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Pawtal</title>');
      expect(res.body).not.toContain('og:title');
    }
  });
});
