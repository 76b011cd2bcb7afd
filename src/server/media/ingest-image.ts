import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_BYTES } from '#shared/constants';
import { UserError } from '#server/http/errors';
import type { MediaArea, MediaStorage } from '#server/media/storage';


/** Decoding limit: far below sharp's default (~268 megapixels), so a small "bomb" cannot exhaust memory. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of a stored image. */
const MAX_STORED_SIDE = 2048;

/** Raster formats accepted, as sharp names them from the bytes (AVIF and HEIC are both 'heif'). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Turns uploaded bytes into a stored WebP: the real format is sniffed from the bytes (never the
 * name or declared type), decoding is pixel-limited, the image is auto-oriented, bounded to
 * MAX_STORED_SIDE and re-encoded without any metadata (EXIF, GPS, XMP, ICC are dropped).
 * Throws UserError for anything refused, before anything is stored. Answers the stored path.
 */
async function ingestImage(storage: MediaStorage, bytes: Buffer, area: MediaArea): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new UserError('imageTooBig');
  if (bytes.length === 0) throw new UserError('onlyImages');
  let meta: Metadata;
  try {
    // Reads the header only (no pixels are decoded), so no pixel limit is needed here.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UserError('onlyImages');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new UserError('onlyImages');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new UserError('imageTooManyPixels');

  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data, or a pixel count over the limit found while decoding.
    throw new UserError('onlyImages');
  }
  return storage.put(webp, 'webp', area);
}

/**
 * Ingests several uploads into an area (pet photos public, visit pictures clinical), then runs
 * `use` with their stored paths. If an upload is refused or `use` throws (e.g. its transaction
 * rolls back), every file stored here is deleted again: a refused request leaves nothing behind.
 */
export async function withIngestedImages<T>(storage: MediaStorage, uploads: Buffer[], use: (paths: string[]) => Promise<T>, area: MediaArea = 'public'): Promise<T> {
  const paths: string[] = [];
  try {
    for (const bytes of uploads) paths.push(await ingestImage(storage, bytes, area));
    return await use(paths);
  } catch (err) {
    await Promise.allSettled(paths.map((p) => storage.delete(p)));
    throw err;
  }
}
