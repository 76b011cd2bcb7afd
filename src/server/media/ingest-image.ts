import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_BYTES } from '#shared/constants';
import { TooManyRequestsError, UserError } from '#server/http/errors';
import { decodeInTurn } from '#server/media/decode-queue';
import type { MediaArea, MediaStorage } from '#server/media/storage';

/**
 * What no phone camera makes (docs/decisions/0094), judged from the header before anything is
 * decoded: more than 50 megapixels (phones shoot 48-50; their 200-megapixel mode does not fit in
 * 5 MB), a side over 16,384 pixels, or more than FREE_PIXELS with less than one byte of file per
 * 32 pixels. A camera's picture of that size is megabytes of noise and detail; a 150 KB file that
 * declares 6200 x 6200 pixels is built to cost the server a second of decoding.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_SIDE = 16_384;
const FREE_PIXELS = 16_000_000;
const PIXELS_PER_BYTE_AT_MOST = 32;
/** Longest side of a stored image. */
const MAX_STORED_SIDE = 2048;

/** Raster formats accepted, as sharp names them from the bytes (AVIF and HEIC are both 'heif'). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Turns uploaded bytes into a stored WebP: the real format is sniffed from the bytes (never the
 * name or declared type), what no camera makes is refused from the header, decoding waits its
 * turn in the decode queue and is pixel-limited, the image is auto-oriented, bounded to
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
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new UserError('onlyImages');
  const pixels = meta.width * meta.height;
  if (pixels > MAX_INPUT_PIXELS || meta.width > MAX_SIDE || meta.height > MAX_SIDE)
    throw new UserError('imageTooManyPixels');
  if (pixels > FREE_PIXELS && pixels > bytes.length * PIXELS_PER_BYTE_AT_MOST) throw new UserError('imageImplausible');

  let webp: Buffer;
  try {
    webp = await decodeInTurn(() =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false, sequentialRead: true })
        .rotate()
        .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw err;
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
export async function withIngestedImages<T>(
  storage: MediaStorage,
  uploads: Buffer[],
  use: (paths: string[]) => Promise<T>,
  area: MediaArea = 'public',
): Promise<T> {
  const paths: string[] = [];
  try {
    for (const bytes of uploads) paths.push(await ingestImage(storage, bytes, area));
    return await use(paths);
  } catch (err) {
    await Promise.allSettled(paths.map((p) => storage.delete(p)));
    throw err;
  }
}
