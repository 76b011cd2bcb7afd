import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import type { Config } from '../config';

export interface ShareImageInput {
  petId: number;
  petName: string;
  /** the pet's image path under the media folder ("pets/dog-01.webp"), or null */
  imagePath: string | null;
}

/** Bumped when the drawing changes, so cached files are made again. */
const DRAWING_VERSION = 1;
const BAND_HEIGHT = 150;
const SHARE_FOLDER = 'share';

/** Text for an SVG text node: XML-escaped, control characters removed, long names shortened. */
export function svgText(value: string, max = 34): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const short = [...clean].length > max ? `${[...clean].slice(0, max - 1).join('')}…` : clean;
  return short.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function overlay(petName: string, appName: string): Buffer {
  const w = SHARE_IMAGE_WIDTH;
  const h = SHARE_IMAGE_HEIGHT;
  const top = h - BAND_HEIGHT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect x="0" y="${top}" width="${w}" height="${BAND_HEIGHT}" fill="#003d33" fill-opacity="0.88"/>
  <text x="56" y="${top + 82}" font-family="Inter, DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${svgText(petName)}</text>
  <text x="58" y="${top + 126}" font-family="Inter, DejaVu Sans, sans-serif" font-size="30" fill="#b2dfdb">${svgText(appName, 60)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** The image file under the media folder, or null when the path leaves it or does not exist. */
async function sourceFile(mediaDir: string, imagePath: string | null): Promise<string | null> {
  if (!imagePath) return null;
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, imagePath);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    return (await fs.stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}

async function render(source: string | null, petName: string, appName: string): Promise<Buffer> {
  const base = source
    ? sharp(source, { limitInputPixels: 40_000_000 }).rotate().resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: '#00695f' } });
  return base.composite([{ input: overlay(petName, appName), top: 0, left: 0 }]).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * The 1200x630 share picture of a pet (the photo cropped to cover, a band with the pet's and the
 * product's names), made once by sharp and kept under <mediaDir>/share/. The name carries a hash of
 * what is drawn, so a new name or photo gives a new file (the media folder is cached as immutable).
 * Answers the path under the media base, e.g. "share/12/3f9a0c1b2d4e.jpg"; older versions of the
 * pet's picture are removed, so there is one file per pet.
 */
export async function ensureShareImage(config: Pick<Config, 'mediaDir' | 'appName'>, pet: ShareImageInput): Promise<string> {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, pet.petName, pet.imagePath, config.appName]))
    .digest('hex')
    .slice(0, 12);
  const relative = `${SHARE_FOLDER}/${pet.petId}/${hash}.jpg`;
  const target = path.join(config.mediaDir, relative);
  try {
    await fs.access(target);
    return relative;
  } catch {
    // not made yet
  }
  const source = await sourceFile(config.mediaDir, pet.imagePath);
  let jpeg: Buffer;
  try {
    jpeg = await render(source, pet.petName, config.appName);
  } catch {
    // An unreadable photo: the band on the brand colour.
    jpeg = await render(null, pet.petName, config.appName);
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, jpeg);
  await fs.rename(temp, target);
  // One file per pet: the versions drawn before (another name or photo) go.
  await removeShareImages(config.mediaDir, pet.petId, path.basename(target));
  return relative;
}

/** Removes the share images of a pet (all of them, or all but `keep`): a deleted pet's picture is no longer served. */
export async function removeShareImages(mediaDir: string, petId: number, keep?: string): Promise<void> {
  const folder = path.join(mediaDir, SHARE_FOLDER, String(petId));
  if (keep === undefined) {
    await fs.rm(folder, { recursive: true, force: true });
    return;
  }
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return;
  }
  await Promise.allSettled(names.filter((name) => name !== keep && !name.endsWith('.tmp')).map((name) => fs.rm(path.join(folder, name), { force: true })));
}
