import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { and, eq, isNotNull } from 'drizzle-orm';
import { CATEGORY_TYPE_PICTURE } from '#shared/constants';
import { purgeDeleted } from '#server/clinic-records/purge';
import { clinics, vetVisits, wellnessRecords } from '#server/db/schema';
import { moveVisitPicturesToClinicalArea } from '#server/media/clinical-pictures';
import { S3Storage } from '#server/media/s3-storage';
import { ensureShareImage } from '#server/pages/share-image';
import { createServer, type RunningServer } from '#server/start';
import { injectApi } from '#tests/support/api-client';
import { pngImage } from '#tests/support/images';
import { startS3Server, type TestS3 } from '#tests/support/s3-server';
import { testConfig } from '#tests/support/test-config';
import { DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * The S3 media driver (MEDIA_STORE=s3, docs/decisions/0067) against a real S3 API server (s3rver)
 * on a loopback port: the driver alone, then the app storing, serving and removing pictures in the
 * bucket, a refused upload leaving nothing behind, and share images made from a stored photo.
 */
describe('media in an S3-compatible bucket', () => {
  let s3: TestS3;
  let server: RunningServer;
  let workDir = '';
  let token = '';
  const png = (colour: string) => pngImage({ colour });
  const api = injectApi(
    () => server.app,
    () => ({ token }),
  );

  beforeAll(async () => {
    s3 = await startS3Server();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-media-s3-'));
    const dataDir = path.join(workDir, 'data');
    fs.cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    server = await createServer(
      testConfig({ dataDir, mediaDir: path.join(workDir, 'media'), databaseUrl: null, mediaStore: s3.store }),
      { logger: false },
    );
    token = await loginClinic(server.app, DEMO_CLINIC);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('the driver stores, reads and deletes an object; a missing one reads as null', async () => {
    const storage = new S3Storage(s3.store);
    const bytes = Buffer.from('not really an image, the driver does not care');
    const stored = await storage.put(bytes, 'webp');
    expect(stored).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(await s3.keys()).toContain(`media/${stored}`);
    expect(await storage.read(stored)).toEqual(bytes);
    await storage.delete(stored);
    expect(await storage.read(stored)).toBeNull();
    expect(await s3.keys()).not.toContain(`media/${stored}`);
    // Paths it did not make are never read or deleted (seeded images live in MEDIA_DIR).
    expect(await storage.read('pets/dog-01.webp')).toBeNull();
    await expect(storage.delete('../../etc/passwd')).resolves.toBeUndefined();
    storage.close();
  });

  const createPet = async (files: Buffer[]) => {
    const json = {
      petName: 'Cloud Pet',
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Ann Owner',
      ownerPhoneForVet: '+1 555 0100',
      ownerEmailForVet: '',
      petGenderId: 1,
      petDateOfBirth: '2020-01-02',
      isSterilized: null,
      bloodType: '',
      microChipId: '',
    };
    return api.postForm(
      API.createVetPet,
      json,
      files.map((bytes) => ({ bytes, filename: 'pet.png', contentType: 'image/png' })),
    );
  };

  it('an uploaded pet picture goes to the bucket and is served under /media/ by the app', async () => {
    const before = await s3.keys();
    const res = await createPet([await png('#336699')]);
    expect(res.json().result, res.body).toBe(1);
    const petProfileId = res.json().data.petProfileId;
    const added = (await s3.keys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^media\/uploads\/.+\.webp$/);
    // Nothing on the local disk: another process serves it as well.
    expect(fs.existsSync(path.join(workDir, 'media', 'uploads'))).toBe(false);

    const details = (await api.get(API.vetPetDetails, { petProfileId })).json().data;
    const address = new URL(details.petImage, 'http://pawtal.test').pathname;
    expect(address).toBe(`/${added[0]}`);
    const served = await server.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(String(served.headers['cache-control'])).toMatch(/immutable/);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect(
      (await server.app.inject({ method: 'GET', url: '/media/uploads/00/00000000000000000000000000000000.webp' }))
        .statusCode,
    ).toBe(404);

    // Deleting the pet keeps its picture for the undo; the purge removes it from the bucket.
    const deleted = await api.post(API.deleteVetPet, { petId: petProfileId });
    expect(deleted.json().result).toBe(1);
    expect(await s3.keys()).toContain(added[0]);
    await purgeDeleted(
      server.app,
      server.app.config.deletedRetentionDays,
      new Date(Date.now() + (server.app.config.deletedRetentionDays + 1) * 86_400_000),
    );
    expect(await s3.keys()).toEqual(before);
  });

  it('a visit picture goes to the clinical area of the bucket and is served only through its signed link', async () => {
    const [visit] = await server.app.db
      .select({ id: vetVisits.id, petId: vetVisits.petProfileId, visitDate: vetVisits.visitDate })
      .from(vetVisits)
      .innerJoin(clinics, eq(clinics.id, vetVisits.clinicId))
      .where(eq(clinics.username, DEMO_CLINIC))
      .limit(1);
    const before = await s3.keys();
    const saved = await api.postForm(
      API.saveVetVisit,
      {
        petId: visit.petId,
        vetVisitId: visit.id,
        visitDate: visit.visitDate,
        pictures: [{ id: -1, notes: 'In the bucket', fileIndex: 0 }],
      },
      [{ bytes: await png('#884422'), filename: 'p.png', contentType: 'image/png' }],
    );
    expect(saved.json().result, saved.body).toBe(1);
    const added = (await s3.keys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^media\/clinical\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);

    const details = (await api.get(API.vetVisitDetails, { vetVisitId: visit.id })).json().data;
    const picture = details.petWellnessRecords.pictures.find((p) => p.Notes === 'In the bucket');
    const signed = `${picture?.ImageHostLink}${picture?.ImagePath}`;
    const served = await server.app.inject({ method: 'GET', url: signed });
    expect(served.statusCode).toBe(200);
    // asked again each time (a 304 while the picture lives): a link ends with what it shows (docs/decisions/0157)
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // The object's address without the signature, or through the public uploads route: refused.
    expect((await server.app.inject({ method: 'GET', url: signed.split('?')[0] })).statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'GET', url: `/${added[0].replace(/^media\/clinical\//, 'media/uploads/')}` }))
        .statusCode,
    ).toBe(404);
  });

  it('moves a visit picture saved among the public uploads into the clinical area', async () => {
    const storage = server.app.mediaStorage;
    const legacy = await storage.put(await png('#123456'), 'png');
    const [record] = await server.app.db
      .select({ id: wellnessRecords.id })
      .from(wellnessRecords)
      .where(and(eq(wellnessRecords.categoryTypeId, CATEGORY_TYPE_PICTURE), isNotNull(wellnessRecords.clinicId)))
      .limit(1);
    await server.app.db.update(wellnessRecords).set({ imagePath: legacy }).where(eq(wellnessRecords.id, record.id));
    expect(await moveVisitPicturesToClinicalArea(server.app)).toBe(1);
    const [moved] = await server.app.db
      .select({ imagePath: wellnessRecords.imagePath })
      .from(wellnessRecords)
      .where(eq(wellnessRecords.id, record.id));
    expect(moved.imagePath).toMatch(/^clinical\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(await s3.keys()).toContain(`media/${moved.imagePath}`);
    expect(await s3.keys()).not.toContain(`media/${legacy}`);
    expect((await server.app.inject({ method: 'GET', url: `/media/${legacy}` })).statusCode).toBe(404);
    expect(await moveVisitPicturesToClinicalArea(server.app)).toBe(0);
  });

  it('a refused upload leaves nothing behind in the bucket', async () => {
    const before = await s3.keys();
    const refused = await createPet([Buffer.from('GIF89a but not an image at all')]);
    expect(refused.json().result).toBe(0);
    // A valid picture whose write is refused afterwards (an unknown breed) is removed again.
    const json = {
      petName: 'Nope',
      petTypeId: 1,
      petBreedId: 999_999,
      ownerNameForVet: 'A',
      ownerPhoneForVet: '+1 555 0100',
      petGenderId: 1,
      petDateOfBirth: '2020-01-02',
      isSterilized: null,
    };
    const badBreed = await api.postForm(API.createVetPet, json, [
      { bytes: await png('#aa0000'), filename: 'p.png', contentType: 'image/png' },
    ]);
    expect(badBreed.json().result).toBe(0);
    expect(await s3.keys()).toEqual(before);
  });

  it('share images are made from a stored photo and kept in the bucket', async () => {
    const storage = server.app.mediaStorage;
    const photo = await storage.put(
      await sharp({ create: { width: 900, height: 700, channels: 3, background: '#228844' } })
        .webp()
        .toBuffer(),
      'webp',
    );
    const share = await ensureShareImage(server.app.config, storage, {
      petId: 42,
      petName: 'Cloudy',
      imagePath: photo,
    });
    expect(share).toMatch(/^share\/42\/[0-9a-f]{12}\.jpg$/);
    expect(await s3.keys()).toContain(`media/${share}`);
    const served = await server.app.inject({ method: 'GET', url: `/media/${share}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // A new name draws a new version and removes the old one: one share image per pet in the bucket.
    const renamed = await ensureShareImage(server.app.config, storage, {
      petId: 42,
      petName: 'Cloudy Sky',
      imagePath: photo,
    });
    expect(renamed).not.toBe(share);
    expect((await s3.keys()).filter((key) => key.startsWith('media/share/42/'))).toEqual([`media/${renamed}`]);
    // The seeded demo images are still served from MEDIA_DIR.
    const seeded = (
      await server.app.inject({ method: 'GET', url: `${API.petDetailsByPublicId}?publicId=DEMO0001` })
    ).json().data.petImage as string;
    expect(
      (await server.app.inject({ method: 'GET', url: new URL(seeded, 'http://pawtal.test').pathname })).statusCode,
    ).toBe(200);
  });
});
