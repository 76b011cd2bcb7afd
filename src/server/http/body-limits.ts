import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * What one request's body may hold (docs/decisions/0156). A route takes the size of what it reads:
 * Fastify's default `bodyLimit` (BODY_LIMIT.json) unless its options say `bodyLimit: BODY_LIMIT.token`
 * or `BODY_LIMIT.form` (formRoute says `form` itself). Beyond it: 413 with the envelope, before the
 * body is read when Content-Length says so. Uploads (multipart) keep their own per-file and per-field
 * limits (app.ts).
 */
export const BODY_LIMIT = {
  /** a token or a password and little else: the account flows, sign-in */
  token: 8 * 1024,
  /** every other JSON call: ids, filters, a few short texts */
  json: 64 * 1024,
  /** a form with free text (the pet form, a visit and its pictures' notes) */
  form: 256 * 1024,
} as const;

/** The error a body that is still arriving when its time is up fails with: 408 with the envelope. */
export class SlowBodyError extends Error {
  readonly statusCode = 408;
  readonly code = 'PAWTAL_SLOW_BODY';
  constructor() {
    super('request body too slow');
  }
}

/**
 * A JSON (or any non-multipart) body must arrive within `bodyTimeoutMs` of its headers: one that
 * trickles in is answered 408 and its connection closed, instead of holding its memory until the
 * whole request's time (HTTP_REQUEST_TIMEOUT_MS, which stays for uploads: many pictures on a slow
 * link). The body is read through a stream this hook ends with SlowBodyError when the time is up.
 */
export function registerBodyTime(app: FastifyInstance, bodyTimeoutMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const hasBody =
      request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    // (an upload is read from the raw request by @fastify/multipart, never through this stream)
    if (!hasBody || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const timed = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(timed);
      if (reply.sent) {
        // answered without reading the body (a size over the limit, a refused session): nothing waits for it
        timed.destroy();
        return;
      }
      reply.header('Connection', 'close');
      timed.destroy(new SlowBodyError());
    }, bodyTimeoutMs);
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('error', stop);
    payload.once('close', stop);
    timed.once('close', stop);
    reply.raw.once('finish', stop);
    payload.pipe(timed);
    return timed as Readable;
  });
}
