import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, useKnownEtag } from '#server/http/caching-headers';
import { ok } from '#server/http/envelope';

/** Bodies below this go uncompressed, as with @fastify/compress (app.ts). */
const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

const brotli = (quality: number) => (body: Buffer) =>
  promisify(zlib.brotliCompress)(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
const gzip = (level: number) => (body: Buffer) => promisify(zlib.gzip)(body, { level });

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: once per kept answer, a little better than @fastify/compress's 4 per response.
  br: brotli(5),
  gzip: gzip(zlib.constants.Z_DEFAULT_COMPRESSION),
};

/**
 * The form a new page is sent in while its visitor waits (keepCompressedAnswer), and kept in: a page of about 60 KB took
 * 1.7 ms of CPU at brotli 5 and 1.0 ms at gzip 6, 0.9 and 0.8 ms at 4, for 6-8 % more bytes (docs/decisions/0191).
 * Three (docs/decisions/0206; three pages of 45-77 KB): gzip 0.8 ms against 1.1 at 4 for 2.6 % more bytes (zlib's
 * fast strategy), brotli 0.9 against 1.5 ms for 6 % more, still fewer bytes than gzip at 4.
 */
const firstCompressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = { br: brotli(3), gzip: gzip(3) };

/**
 * A finished answer kept beside the cache entry it was made from (a page of the page cache, the data
 * of a public read): its bytes, its ETag and its compressed forms are made once, so serving it
 * again costs a lookup and a write. It is dropped with its entry (WeakMap values), so it is exactly
 * as fresh as the entry (docs/decisions/0083).
 */
export interface KeptAnswer {
  readonly status: number;
  readonly contentType: string;
  /** the uncompressed bytes; null for an answer kept compressed only (keepCompressedAnswer) */
  readonly body: Buffer | null;
  readonly etag: string;
  /** compressed forms, made on first demand */
  readonly encoded: Map<Encoding, Promise<Buffer>>;
}

export function keepAnswer(body: string | Buffer, contentType: string, status = 200): KeptAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { status, contentType, body: bytes, etag: etagOf(bytes), encoded: new Map() };
}

const decompressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(zlib.brotliDecompress),
  gzip: promisify(zlib.gunzip),
};

/**
 * An answer kept in its compressed forms only (about a quarter of the bytes each): a page of the
 * page cache. `first` (the encoding the request that made it accepts) is made at once, at a cheaper level; the other
 * form is made from it on first demand (a page's first render then pays one compression, not
 * two). The rare request that takes neither gets a form inflated. `bytes`: about what it holds in
 * memory once both forms are made.
 */
export async function keepCompressedAnswer(
  body: string,
  contentType: string,
  status = 200,
  first: Encoding = 'gzip',
): Promise<KeptAnswer & { bytes: number }> {
  const plain = Buffer.from(body);
  const made = await firstCompressors[first](plain);
  const encoded = new Map<Encoding, Promise<Buffer>>([[first, Promise.resolve(made)]]);
  return { status, contentType, body: null, etag: etagOf(plain), encoded, bytes: made.length * 2 };
}

/** The uncompressed bytes of a kept answer: its body, or a compressed form inflated (the first one made). */
export async function plainBytes(answer: KeptAnswer): Promise<Buffer> {
  if (answer.body) return answer.body;
  const [encoding, bytes] = answer.encoded.entries().next().value as [Encoding, Promise<Buffer>];
  return decompressors[encoding](await bytes);
}

/**
 * The encoding @fastify/compress would choose among br and gzip (q-values, `*` and x-gzip counting
 * as gzip as there), or null: then the plain body goes out and the plugin does what it does.
 */
export function keptEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim() === '*' || rawName.trim() === 'x-gzip' ? 'gzip' : rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Math.max(weights.get(name) ?? 0, Number.isFinite(weight) ? weight : 0));
  }
  let best: Encoding | null = null;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? 0;
    if (weight > 0 && (best === null || weight > (weights.get(best) ?? 0))) best = encoding;
  }
  return best;
}

function encoded(answer: KeptAnswer, encoding: Encoding): Promise<Buffer> {
  let bytes = answer.encoded.get(encoding);
  if (!bytes) {
    // from the plain bytes, or for an answer kept compressed from the form it was kept in
    bytes = plainBytes(answer).then(compressors[encoding]);
    answer.encoded.set(encoding, bytes);
    // A failed compression is not kept: the next request tries again.
    bytes.catch(() => answer.encoded.delete(encoding));
  }
  return bytes;
}

/**
 * Sends a kept answer: status, type, its ETag (caching-headers.ts uses it when the answer is public)
 * and the body, compressed in the encoding the request accepts. The usual onSend hooks still run.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
): Promise<FastifyReply> {
  reply.code(answer.status).type(answer.contentType);
  useKnownEtag(reply, answer.etag);
  const compressible = answer.body === null || answer.body.length >= COMPRESS_THRESHOLD;
  const encoding =
    compressible && request.headers['x-no-compression'] === undefined
      ? keptEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding) {
    const bytes = await encoded(answer, encoding).catch(() => null);
    if (bytes) {
      reply.header('Content-Encoding', encoding).header('Vary', 'accept-encoding');
      return reply.send(bytes);
    }
  }
  return reply.send(await plainBytes(answer));
}

/**
 * For a route whose data comes from a cache: its answer `{ result: 1, data }` serialized by the
 * route's own response schema once per cached value (the same object while the entry lives).
 * One per route: the serialization depends on the route's schema.
 */
export function keptOkAnswers(): (request: FastifyRequest, reply: FastifyReply, data: object) => Promise<FastifyReply> {
  const kept = new WeakMap<object, KeptAnswer>();
  return (request, reply, data) => {
    let answer = kept.get(data);
    if (!answer) {
      answer = keepAnswer(reply.serialize(ok(data)) as string, 'application/json; charset=utf-8');
      kept.set(data, answer);
    }
    return sendKept(request, reply, answer);
  };
}
