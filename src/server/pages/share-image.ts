import crypto from 'node:crypto';
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import type { Config } from '#server/config';
import { storedImageSource, type MediaStorage } from '#server/media/storage';
import { decodeInTurn } from '#server/media/decode-queue';

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
  return short.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** The band's two lines: the pet's name, large, and the product's name (Inter where the system has it). */
const FONTS = 'Inter, DejaVu Sans, sans-serif';
const NAME_STYLE = `font-family="${FONTS}" font-size="64" font-weight="700" fill="#ffffff"`;
const APP_NAME_STYLE = `font-family="${FONTS}" font-size="30" fill="#b2dfdb"`;

function overlay(petName: string, appName: string): Buffer {
  const w = SHARE_IMAGE_WIDTH;
  const h = SHARE_IMAGE_HEIGHT;
  const top = h - BAND_HEIGHT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect x="0" y="${top}" width="${w}" height="${BAND_HEIGHT}" fill="#003d33" fill-opacity="0.88"/>
  <text x="56" y="${top + 82}" ${NAME_STYLE}>${svgText(petName)}</text>
  <text x="58" y="${top + 126}" ${APP_NAME_STYLE}>${svgText(appName, 60)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** Drawn in the decode queue (media/decode-queue.ts), like every image the server decodes. */
function render(source: string | Buffer | null, petName: string, appName: string): Promise<Buffer> {
  return decodeInTurn(() => {
    const base = source
      ? sharp(source, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
      : sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: '#00695f' } });
    return base
      .composite([{ input: overlay(petName, appName), top: 0, left: 0 }])
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  });
}

/**
 * Where the share picture of a pet lives under the media base, e.g. "share/12/3f9a0c1b2d4e.jpg":
 * the name carries a hash of what is drawn, so a new name or photo gives a new file (the media
 * folder is cached as immutable). Known without drawing it (the page head writes it at once).
 */
export function shareImagePath(config: Pick<Config, 'appName'>, pet: ShareImageInput): string {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, pet.petName, pet.imagePath, config.appName]))
    .digest('hex')
    .slice(0, 12);
  return `${SHARE_FOLDER}/${pet.petId}/${hash}.jpg`;
}

/** Drawings under way, by store and path: two requests for a missing picture draw it once. */
const drawing = new WeakMap<MediaStorage, Map<string, Promise<string>>>();

/**
 * The 1200x630 share picture of a pet (the photo cropped to cover, a band with the pet's and the
 * product's names), made once by sharp and kept by the storage driver under share/ (so every
 * process of a MEDIA_STORE=s3 deployment serves it). Answers its path (shareImagePath); older
 * versions of the pet's picture are removed, so there is one file per pet.
 */
export function ensureShareImage(
  config: Pick<Config, 'mediaDir' | 'appName'>,
  storage: MediaStorage,
  pet: ShareImageInput,
): Promise<string> {
  const relative = shareImagePath(config, pet);
  let underWay = drawing.get(storage);
  if (!underWay) {
    underWay = new Map();
    drawing.set(storage, underWay);
  }
  let made = underWay.get(relative);
  if (!made) {
    made = drawShareImage(config, storage, pet, relative).finally(() => underWay.delete(relative));
    underWay.set(relative, made);
  }
  return made;
}

async function drawShareImage(
  config: Pick<Config, 'mediaDir' | 'appName'>,
  storage: MediaStorage,
  pet: ShareImageInput,
  relative: string,
): Promise<string> {
  if (await storage.read(relative)) return relative;
  const source = await storedImageSource(config.mediaDir, storage, pet.imagePath).catch(() => null);
  let jpeg: Buffer;
  try {
    jpeg = await render(source, pet.petName, config.appName);
  } catch {
    // An unreadable photo: the band on the brand colour.
    jpeg = await render(null, pet.petName, config.appName);
  }
  await storage.putDerived(relative, jpeg);
  // One file per pet: the versions drawn before (another name or photo) go.
  await removeShareImages(storage, pet.petId, relative);
  return relative;
}

/** Removes the share images of a pet (all of them, or all but `keep`): a deleted pet's picture is no longer served. */
export async function removeShareImages(storage: MediaStorage, petId: number, keep?: string): Promise<void> {
  await storage.removeDerived(`${SHARE_FOLDER}/${petId}/`, keep);
}
