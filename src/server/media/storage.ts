import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Where uploaded images live. Paths are relative to the media base address (served under
 * /media/). The local-disk driver is the default; an S3-compatible driver can implement the same
 * interface for several server processes.
 */
export interface MediaStorage {
  /** Stores the bytes under a new unguessable name; answers its relative path, e.g. "uploads/ab/<32 hex>.webp". */
  put(data: Buffer, ext: string): Promise<string>;
  /** Removes a stored upload; paths that are not uploads (seeded images) are left alone. */
  delete(relativePath: string): Promise<void>;
}

const UPLOAD_PATH = /^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** True for a path that put() made (only those are ever deleted). */
export function isUploadPath(relativePath: string): boolean {
  return UPLOAD_PATH.test(relativePath);
}

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(data: Buffer, ext: string): Promise<string> {
    if (!/^[a-z0-9]{2,5}$/.test(ext)) throw new Error(`bad extension ${ext}`);
    const name = crypto.randomBytes(16).toString('hex');
    const relativePath = `uploads/${name.slice(0, 2)}/${name}.${ext}`;
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
}

const drivers = new WeakMap<Config, MediaStorage>();

/** The storage driver of a server configuration. */
export function mediaStorage(config: Config): MediaStorage {
  let driver = drivers.get(config);
  if (!driver) {
    driver = new LocalDiskStorage(config.mediaDir);
    drivers.set(config, driver);
  }
  return driver;
}
