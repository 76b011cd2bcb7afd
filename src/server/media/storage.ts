import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images (and the share images made from them) live. Paths are relative to the
 * media base address (served under /media/). The local-disk driver (below) is the default; the S3 driver
 * (s3-storage.ts, MEDIA_STORE=s3) serves several server processes; storage-plugin.ts picks one.
 */
export interface MediaStorage {
  /**
   * Stores the bytes under a new unguessable name; answers its relative path, e.g.
   * "uploads/ab/<32 hex>.webp", or "clinical/ab/<32 hex>.webp" for the clinical area (visit
   * pictures: served only through signed links, docs/decisions/0099).
   */
  put(data: Buffer, ext: string, area?: MediaArea): Promise<string>;
  /** Removes a stored upload; paths that are not uploads (seeded images) are left alone. */
  delete(relativePath: string): Promise<void>;
  /** The bytes of an upload or a derived file (isStoredPath), or null when there is none. */
  read(relativePath: string): Promise<Buffer | null>;
  /** Stores a derived file (a share image) under its own path (isDerivedPath). */
  putDerived(relativePath: string, data: Buffer): Promise<void>;
  /** Removes the derived files under a folder ("share/12/"), all of them or all but `keep`. */
  removeDerived(folder: string, keep?: string): Promise<void>;
}

/** public: pet photos (served to anyone); clinical: visit pictures (signed links only). */
export type MediaArea = 'public' | 'clinical';

const AREA_FOLDER: Record<MediaArea, string> = { public: 'uploads', clinical: 'clinical' };

/** A new upload's relative path in an area. */
export function newUploadPath(ext: string, area: MediaArea): string {
  if (!/^[a-z0-9]{2,5}$/.test(ext)) throw new Error(`bad extension ${ext}`);
  const name = crypto.randomBytes(16).toString('hex');
  return `${AREA_FOLDER[area]}/${name.slice(0, 2)}/${name}.${ext}`;
}

const UPLOAD_PATH = /^(uploads|clinical)\/[0-9a-f]{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/;
/** The demo's visit pictures, drawn into MEDIA_DIR at start-up (never in the store). */
const CLINICAL_DEMO_PATH = /^clinical\/demo\/record-\d{1,2}\.webp$/;

/** True for a visit picture's path (clinical area): served only through a signed link. */
export function isClinicalPath(relativePath: string): boolean {
  return (
    relativePath.startsWith('clinical/') && (UPLOAD_PATH.test(relativePath) || CLINICAL_DEMO_PATH.test(relativePath))
  );
}

/** True for a demo visit picture (a file of MEDIA_DIR, not of the store). */
export function isClinicalDemoPath(relativePath: string): boolean {
  return CLINICAL_DEMO_PATH.test(relativePath);
}
const DERIVED_PATH = /^share\/\d{1,12}\/[0-9a-f]{12}\.jpg$/;
const DERIVED_FOLDER = /^share\/\d{1,12}\/$/;

/** True for a folder of derived files (one pet's share images). */
export function isDerivedFolder(folder: string): boolean {
  return DERIVED_FOLDER.test(folder);
}

/** True for a path that put() made (only those are ever deleted). */
export function isUploadPath(relativePath: string): boolean {
  return UPLOAD_PATH.test(relativePath);
}

/** True for a file made from stored ones (share images): kept by the driver, made again when missing. */
export function isDerivedPath(relativePath: string): boolean {
  return DERIVED_PATH.test(relativePath);
}

/** Paths the driver holds (the rest of /media/ is seeded files in MEDIA_DIR). */
export function isStoredPath(relativePath: string): boolean {
  return isUploadPath(relativePath) || isDerivedPath(relativePath);
}

/** Uploads and share images in MEDIA_DIR on the local disk (MEDIA_STORE=local, the default): one server machine. */
export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(data: Buffer, ext: string, area: MediaArea = 'public'): Promise<string> {
    const relativePath = newUploadPath(ext, area);
    const full = path.join(this.root, relativePath);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Written under a temporary name and renamed: a reader never sees half a file.
    const temp = `${full}.${process.pid}.tmp`;
    await fs.writeFile(temp, data, { flag: 'wx' });
    await fs.rename(temp, full);
    return relativePath;
  }

  async delete(relativePath: string): Promise<void> {
    if (!isUploadPath(relativePath)) return;
    await fs.rm(path.join(this.root, relativePath), { force: true });
  }

  async read(relativePath: string): Promise<Buffer | null> {
    if (!isStoredPath(relativePath)) return null;
    try {
      return await fs.readFile(path.join(this.root, relativePath));
    } catch {
      return null;
    }
  }

  async putDerived(relativePath: string, data: Buffer): Promise<void> {
    if (!isDerivedPath(relativePath)) throw new Error(`not a derived path: ${relativePath}`);
    const full = path.join(this.root, relativePath);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, full);
  }

  async removeDerived(folder: string, keep?: string): Promise<void> {
    if (!isDerivedFolder(folder)) throw new Error(`not a derived folder: ${folder}`);
    const dir = path.join(this.root, folder);
    if (keep === undefined) {
      await fs.rm(dir, { recursive: true, force: true });
      return;
    }
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    const kept = keep.slice(folder.length);
    await Promise.allSettled(
      names
        .filter((name) => name !== kept && !name.endsWith('.tmp'))
        .map((name) => fs.rm(path.join(dir, name), { force: true })),
    );
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type of a stored file, by its extension. */
export function contentTypeOf(relativePath: string): string {
  return CONTENT_TYPES[relativePath.slice(relativePath.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * A stored image to decode: an upload's bytes from the storage driver, or the path of a seeded file under the
 * media folder; null when the path leaves the folder or there is nothing there.
 */
export async function storedImageSource(
  mediaDir: string,
  storage: MediaStorage,
  imagePath: string | null,
): Promise<string | Buffer | null> {
  if (!imagePath) return null;
  if (isUploadPath(imagePath)) return storage.read(imagePath);
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, imagePath);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    return (await fs.stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}
