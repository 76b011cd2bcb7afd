import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  isDerivedFolder,
  isDerivedPath,
  isStoredPath,
  isUploadPath,
  newUploadPath,
  type MediaArea,
  type MediaStorage,
} from '#server/media/storage-driver';

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
