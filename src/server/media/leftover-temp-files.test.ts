import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEFTOVER_TEMP_MS, LocalDiskStorage } from '#server/media/storage';
import { MediaStoreError, storeFailure } from '#server/media/storage-failure';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function mediaRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-media-'));
  roots.push(root);
  return root;
}

function file(root: string, relative: string, ageMs = 0): string {
  const full = path.join(root, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(full, at, at);
  return full;
}

describe('the local disk storage', () => {
  it('removes at start the temporary files a write left when its process died, and only those', async () => {
    const root = mediaRoot();
    const old = [
      file(root, 'uploads/ab/abababababababababababababababab.webp.123.tmp', LEFTOVER_TEMP_MS + 60_000),
      file(root, 'clinical/cd/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd.webp.456.tmp', LEFTOVER_TEMP_MS + 60_000),
      file(root, 'share/12/0123456789ab.jpg.a1b2c3d4e5f6.tmp', LEFTOVER_TEMP_MS + 60_000),
    ];
    // a write another process is making now, a stored picture, and a seeded file are left alone
    const kept = [
      file(root, 'uploads/ef/efefefefefefefefefefefefefefefef.webp.789.tmp'),
      file(root, 'uploads/ab/abababababababababababababababab.webp', LEFTOVER_TEMP_MS * 3),
      file(root, 'pets/old.tmp', LEFTOVER_TEMP_MS * 3),
    ];
    expect(await new LocalDiskStorage(root).removeLeftoverTempFiles()).toBe(3);
    for (const f of old) expect(fs.existsSync(f)).toBe(false);
    for (const f of kept) expect(fs.existsSync(f)).toBe(true);
  });

  it('says a store failure is a full disk for ENOSPC, EDQUOT and EFBIG, and unavailable otherwise', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(storeFailure(coded('ENOSPC'))).toMatchObject({ reason: 'full', code: 'ENOSPC' });
    expect(storeFailure(coded('EDQUOT')).reason).toBe('full');
    expect(storeFailure(coded('EFBIG')).reason).toBe('full');
    expect(storeFailure(coded('EROFS'))).toMatchObject({ reason: 'unavailable', code: 'EROFS' });
    expect(storeFailure(Object.assign(new Error('x'), { name: 'ServiceUnavailable' })).code).toBe('ServiceUnavailable');
    const same = new MediaStoreError('full', 'ENOSPC');
    expect(storeFailure(same)).toBe(same);
  });

  it('a write that fails leaves no temporary file behind and names why', async () => {
    const root = mediaRoot();
    const storage = new LocalDiskStorage(root);
    // a folder where the file should be: the temporary file is written, its rename fails
    fs.mkdirSync(path.join(root, 'share', '7', '0123456789ab.jpg'), { recursive: true });
    await expect(storage.putDerived('share/7/0123456789ab.jpg', Buffer.from('x'))).rejects.toBeInstanceOf(
      MediaStoreError,
    );
    expect(fs.readdirSync(path.join(root, 'share', '7')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(await storage.condition()).toBe('unavailable');
  });
});
