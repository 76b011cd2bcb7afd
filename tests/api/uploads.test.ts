import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { MAX_IMAGE_BYTES } from '#shared/constants';
import { mediaBase } from '#server/config';
import { petProfiles } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import type { MultipartFile } from '#tests/support/multipart-body';
import { injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';
import { firstDogBreedId } from '#tests/support/breeds';

const ONLY_IMAGES = 'Only image files are allowed';
const TOO_BIG = 'File size should not exceed 5MB';
const IMPLAUSIBLE =
  'This file declares far more pixels than its data could hold, which no camera makes. Please choose the photo as your camera saved it.';

/** Every file under a folder (relative paths). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real, valid decompression bomb: a 1-bit black PNG of width x height (12000 x 12000 = 144
 * megapixels, under sharp's default limit of ~268 but far over ours) that compresses to ~20 KB.
 */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const newPet = (name: string) => ({
  petName: name,
  petTypeId: 1,
  petBreedId: 1,
  ownerNameForVet: 'Upload Tester',
  ownerPhoneForVet: '+1 555 0100',
  petGenderId: 1,
  petDateOfBirth: '2021-05-01',
  isSterilized: null,
});

describeOnBothDatabases('Vet portal uploads', (ctx) => {
  let token = '';
  let breedOfDog = 1;
  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    breedOfDog = await firstDogBreedId(ctx().db);
  });

  const api = injectApi(
    () => ctx().app,
    () => ({ token }),
  );
  const create = (name: string, files: MultipartFile[]) =>
    api.postForm(API.createVetPet, { ...newPet(name), petBreedId: breedOfDog }, files);

  const petCount = async () =>
    (
      await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(petProfiles)
    )[0].n;

  /** Sends a refused upload and checks that nothing was left behind: no file, no row. */
  async function expectRefused(files: MultipartFile[], message: string): Promise<void> {
    const before = filesUnder(ctx().config.mediaDir);
    const pets = await petCount();
    const res = await create(`Refused ${message.slice(0, 10)}`, files);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, message, data: null });
    expect(filesUnder(ctx().config.mediaDir)).toEqual(before);
    expect(await petCount()).toBe(pets);
  }

  async function storedFileOf(petProfileId: number): Promise<string> {
    const [row] = await ctx()
      .db.select({ imagePath: petProfiles.imagePath })
      .from(petProfiles)
      .where(eq(petProfiles.id, petProfileId));
    expect(row.imagePath).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    return path.join(ctx().config.mediaDir, row.imagePath ?? '');
  }

  it('refuses a text file renamed .jpg, judged by its bytes', async () => {
    await expectRefused(
      [
        {
          bytes: Buffer.from('just some text, not a picture\n'.repeat(20)),
          filename: 'cat.jpg',
          contentType: 'image/jpeg',
        },
      ],
      ONLY_IMAGES,
    );
  });

  it('refuses an SVG, even declared as an image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused([{ bytes: svg, filename: 'dog.svg', contentType: 'image/svg+xml' }], ONLY_IMAGES);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    await expectRefused([{ bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }], ONLY_IMAGES);
  });

  it('refuses a file over 5 MB (5242880 bytes)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length, 7)]);
    expect(big.length).toBe(MAX_IMAGE_BYTES + 1);
    await expectRefused([{ bytes: big, filename: 'big.png', contentType: 'image/png' }], TOO_BIG);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = pngBomb(12000, 12000);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sharp(bomb).metadata()).width).toBe(12000);
    const before = filesUnder(ctx().config.mediaDir);
    const started = performance.now();
    const res = await create('Bomb', [{ bytes: bomb, filename: 'bomb.png', contentType: 'image/png' }]);
    expect(res.json()).toMatchObject({ result: 0, data: null });
    expect(res.json().message).toMatch(/too large/i);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(filesUnder(ctx().config.mediaDir)).toEqual(before);
  });

  it('refuses, from its header alone, a small file declaring 6200 x 6200 pixels: no camera makes it', async () => {
    const bomb = pngBomb(6200, 6200);
    expect(bomb.length).toBeLessThan(150_000);
    await expectRefused([{ bytes: bomb, filename: 'photo.png', contentType: 'image/png' }], IMPLAUSIBLE);
    // Four saves of ten such pictures at once: every one refused, nothing stored, no 5xx.
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        create(
          `Bombs ${i}`,
          Array.from({ length: 1 }, () => ({ bytes: bomb, filename: 'p.png', contentType: 'image/png' })),
        ),
      ),
    );
    for (const res of answers) expect(res.json()).toEqual({ result: 0, message: IMPLAUSIBLE, data: null });
  });

  it('accepts a large photo with the detail of a real one (20 megapixels) and stores it bounded to 2048 px', async () => {
    const width = 5000;
    const height = 4000;
    const noise = Buffer.alloc(width * height * 3);
    // a gradient with a little noise: about 3.8 MB as a JPEG, like a phone's 20-megapixel photo
    for (let i = 0; i < noise.length; i++) noise[i] = ((i % 7919) >> 5) + ((i * 2654435761) >>> 28);
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan((width * height) / 32);
    expect(photo.length).toBeLessThan(MAX_IMAGE_BYTES);
    const res = await create('Big photo', [{ bytes: photo, filename: 'big.jpg', contentType: 'image/jpeg' }]);
    expect(res.json().result, res.body).toBe(1);
  });

  it('stores a JPEG without its EXIF and GPS data, auto-oriented, as WebP', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: 'Secret Owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 46/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 58/1 56/1',
        },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes(Buffer.from('Secret Owner'))).toBe(true);
    expect(input.orientation).toBe(6);

    const res = await create('Geotagged', [{ bytes: jpeg, filename: 'IMG_0001.JPG' }]);
    expect(res.json().result).toBe(1);
    const file = await storedFileOf(res.json().data.petProfileId);
    const stored = fs.readFileSync(file);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 (rotate 90°) applied to the pixels: 40x20 becomes 20x40.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('bounds the stored size to 2048 px and serves it from /media/ with nosniff and long caching', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#aa5500' } })
      .png()
      .toBuffer();
    const res = await create('Wide', [{ bytes: png, filename: 'wide.png', contentType: 'image/png' }]);
    expect(res.json().result).toBe(1);
    const file = await storedFileOf(res.json().data.petProfileId);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);

    const details = await api.get(API.vetPetDetails, { petProfileId: res.json().data.petProfileId });
    const url = details.json().data.petImage;
    expect(url.startsWith(mediaBase(ctx().config))).toBe(true);
    const served = await ctx().app.inject({ method: 'GET', url: new URL(url, 'http://pawtal.test').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['cache-control'])).toMatch(/max-age=31536000/);
  });

  it('accepts GIF, WebP and AVIF images, judged by content whatever the name', async () => {
    const base = sharp({ create: { width: 16, height: 16, channels: 3, background: '#118844' } });
    for (const [format, bytes] of [
      ['gif', await base.clone().gif().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['avif', await base.clone().avif().toBuffer()],
    ] as const) {
      const res = await create(`Format ${format}`, [
        { bytes, filename: 'photo.jpg', contentType: 'application/octet-stream' },
      ]);
      expect(res.json(), format).toMatchObject({ result: 1 });
    }
  });

  it('refuses more than one image for a pet, storing nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const before = filesUnder(ctx().config.mediaDir);
    const res = await create('Two images', [{ bytes: png }, { bytes: png }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
    expect(filesUnder(ctx().config.mediaDir)).toEqual(before);
  });

  it('refuses a malformed json part with a 400 envelope', async () => {
    const res = await api.send(API.createVetPet, { form: { payload: '{not json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, data: null });
  });
});
