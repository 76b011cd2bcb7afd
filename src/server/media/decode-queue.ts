import sharp from 'sharp';
import { TooManyRequestsError } from '#server/http/errors';

/**
 * Where every image of the server is decoded (uploads and share images, docs/decisions/0094): one
 * at a time in a process, each on one libvips thread, so decoding never takes more than one core
 * and its memory is that of one image. A line longer than MAX_WAITING images answers 429 (with
 * Retry-After): the pictures of four full visit saves wait, a flood does not pile up in memory.
 */
const MAX_WAITING = 40;
const BUSY_RETRY_SECONDS = 5;

// One thread per image, and no cache of decoded images between operations (each upload is decoded once).
sharp.concurrency(1);
sharp.cache(false);

let running = false;
const waiting: (() => void)[] = [];

/** Runs `decode` when it is its turn; 429 when too many images are waiting already. */
export async function decodeInTurn<T>(decode: () => Promise<T>): Promise<T> {
  if (running) {
    if (waiting.length >= MAX_WAITING) throw new TooManyRequestsError('imagesBusy', BUSY_RETRY_SECONDS);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running = true;
  try {
    return await decode();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }
}
