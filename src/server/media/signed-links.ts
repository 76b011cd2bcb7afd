import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { serverSecrets } from '#server/db/schema';
import { fail } from '#server/http/envelope';
import { serverMessage } from '#server/http/messages';
import { requestLanguage } from '#server/http/request-language';
import { contentTypeOf, isClinicalDemoPath, isClinicalPath } from '#server/media/storage';

/**
 * Signed, expiring addresses of visit pictures (docs/decisions/0099). A visit picture is a
 * clinical record: its file lives in the clinical area (clinical/...) and is served only at
 * `/media/<path>?exp=<unix seconds>&sig=<HMAC-SHA256 of path and exp, base64url>`, an address
 * GetVetVisitDetails hands to the clinic. Without a valid, unexpired signature the answer is 403.
 *
 * Anything that shows a visit picture outside the Edit Visit dialog (the visit summary's
 * thumbnails) asks `(await app.mediaLinks()).sign(path)` for its address: the one way to make one.
 */
export interface MediaLinks {
  /**
   * The path with its signed query, relative to the media base: "clinical/ab/….webp?exp=…&sig=…"; any other
   * path as it is.
   */
  sign(relativePath: string, nowMs?: number): string;
  /** Whether a request for `relativePath` carries a valid signature that has not expired. */
  check(relativePath: string, exp: unknown, sig: unknown, nowMs?: number): 'ok' | 'expired' | 'invalid';
}

/** Expiries are rounded up to this step, so one picture keeps one address (and a browser cache hit) for a while. */
const EXPIRY_STEP_S = 300;
const SECRET_NAME = 'media_link_key';

function signature(key: Buffer, relativePath: string, exp: number): string {
  return crypto.createHmac('sha256', key).update(`${relativePath}\n${exp}`).digest('base64url');
}

export function mediaLinks(secret: string, ttlMinutes: number): MediaLinks {
  const key = Buffer.from(secret, 'utf8');
  return {
    sign(relativePath, nowMs = Date.now()) {
      if (!isClinicalPath(relativePath)) return relativePath;
      const exp = Math.ceil((nowMs / 1000 + ttlMinutes * 60) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      return `${relativePath}?exp=${exp}&sig=${signature(key, relativePath, exp)}`;
    },
    check(relativePath, exp, sig, nowMs = Date.now()) {
      if (
        typeof exp !== 'string' ||
        typeof sig !== 'string' ||
        !/^\d{1,12}$/.test(exp) ||
        !/^[A-Za-z0-9_-]{43}$/.test(sig)
      )
        return 'invalid';
      const expected = Buffer.from(signature(key, relativePath, Number(exp)));
      if (!crypto.timingSafeEqual(expected, Buffer.from(sig))) return 'invalid';
      return Number(exp) * 1000 <= nowMs ? 'expired' : 'ok';
    },
  };
}

/** MEDIA_LINK_SECRET, else the key this database keeps (made once, by whichever process starts first). */
async function linkSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  return row.value;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs visit-picture addresses (docs/decisions/0099); its key is read when first needed. */
    mediaLinks: () => Promise<MediaLinks>;
  }
}

/**
 * Decorates `app.mediaLinks`; after the database and the media store. The key is read from the
 * database when a link is first made or checked, not at start: a server started while its database
 * is away still starts (and answers health 503) and reads the key once the database is back.
 */
export const mediaLinksPlugin = fp(
  async (app) => {
    let links: Promise<MediaLinks> | null = null;
    app.decorate('mediaLinks', () => {
      links ??= linkSecret(app.db, app.config.mediaLinkSecret).then(
        (secret) => mediaLinks(secret, app.config.mediaLinkTtlMinutes),
        (err: unknown) => {
          links = null; // the next request tries again
          throw err;
        },
      );
      return links;
    });
  },
  { name: 'media-links', fastify: '5.x', dependencies: ['media-storage'] },
);

/**
 * GET /media/clinical/*: a visit picture, only with a valid signature (403 otherwise, 404 for no
 * such picture), cached by the browser alone (`private`) until its link expires.
 */
export function registerClinicalMedia(app: FastifyInstance): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = request.url.split('?')[0].slice('/media/'.length);
    const say = (key: 'pictureLinkInvalid' | 'notFound') => serverMessage(key, requestLanguage(request));
    if (!isClinicalPath(relative)) return reply.code(404).send(fail(say('notFound')));
    const { exp, sig } = request.query as Record<string, unknown>;
    const verdict = (await app.mediaLinks()).check(relative, exp, sig);
    if (verdict !== 'ok')
      return reply
        .code(403)
        .header('Cache-Control', 'private, no-store')
        .send(fail(say('pictureLinkInvalid')));
    const bytes = isClinicalDemoPath(relative)
      ? await fs.readFile(path.join(app.config.mediaDir, relative)).catch(() => null)
      : await app.mediaStorage.read(relative);
    if (!bytes)
      return reply
        .code(404)
        .header('Cache-Control', 'private, no-store')
        .send(fail(say('notFound')));
    const maxAge = Math.max(0, Math.min(3600, Number(exp) - Math.floor(Date.now() / 1000)));
    return reply.header('Cache-Control', `private, max-age=${maxAge}`).type(contentTypeOf(relative)).send(bytes);
  };
  app.get('/media/clinical/*', { schema: { hide: true } }, serve);
}
