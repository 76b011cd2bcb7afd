import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { clinicPatients, serverSecrets, vetVisits, wellnessRecords } from '#server/db/schema';
import { patientNotDeleted, recordNotDeleted, visitNotDeleted } from '#server/db/live-rows';
import { fail } from '#server/http/envelope';
import { serverMessage } from '#server/http/messages';
import { requestLanguage } from '#server/http/request-language';
import { contentTypeOf, isClinicalDemoPath, isClinicalPath } from '#server/media/storage';

/**
 * Signed, expiring addresses of visit pictures (docs/decisions/0099, 0157). A visit picture is a
 * clinical record: its file lives in the clinical area (clinical/...) and is served only at
 * `/media/<path>?rec=<record id>&clinic=<clinic id>&exp=<unix seconds>&sig=<HMAC-SHA256, base64url>`,
 * an address GetVetVisitDetails hands to the clinic. The signature covers the path, the picture's
 * record and clinic and the expiry. Without a valid, unexpired signature the answer is 403; with one,
 * the picture is served only while its record, its visit and the clinic's patient are not deleted
 * and the record is still the clinic's and still shows this file (404 otherwise): a link ends with
 * what it shows, not an hour later.
 *
 * Anything that shows a visit picture outside the Edit Visit dialog asks
 * `(await app.mediaLinks()).sign(path, picture)` for its address: the one way to make one.
 */
/** The record a visit picture's link shows, and the clinic it was made for. */
interface PictureRecord {
  recordId: number;
  clinicId: number;
}

type LinkCheck = { verdict: 'ok'; picture: PictureRecord } | { verdict: 'expired' | 'invalid' };

export interface MediaLinks {
  /**
   * The path with its signed query, relative to the media base: "clinical/ab/….webp?rec=…&clinic=…&exp=…&sig=…";
   * any other path as it is.
   */
  sign(relativePath: string, picture: PictureRecord, nowMs?: number): string;
  /** Whether a request for `relativePath` carries a valid signature that has not expired, and for which record. */
  check(relativePath: string, query: Record<string, unknown>, nowMs?: number): LinkCheck;
}

/** Expiries are rounded up to this step, so one picture keeps one address (and a browser cache hit) for a while. */
const EXPIRY_STEP_S = 300;
const SECRET_NAME = 'media_link_key';
/** an id as sign() writes it (no leading zero: one address per link) */
const WHOLE_NUMBER = /^[1-9]\d{0,14}$/;

function signature(key: Buffer, relativePath: string, picture: PictureRecord, exp: number): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${relativePath}\n${picture.recordId}\n${picture.clinicId}\n${exp}`)
    .digest('base64url');
}

export function mediaLinks(secret: string, ttlMinutes: number): MediaLinks {
  const key = Buffer.from(secret, 'utf8');
  return {
    sign(relativePath, picture, nowMs = Date.now()) {
      if (!isClinicalPath(relativePath)) return relativePath;
      const exp = Math.ceil((nowMs / 1000 + ttlMinutes * 60) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      const sig = signature(key, relativePath, picture, exp);
      return `${relativePath}?rec=${picture.recordId}&clinic=${picture.clinicId}&exp=${exp}&sig=${sig}`;
    },
    check(relativePath, query, nowMs = Date.now()) {
      const { rec, clinic, exp, sig } = query;
      if (
        typeof rec !== 'string' ||
        typeof clinic !== 'string' ||
        typeof exp !== 'string' ||
        typeof sig !== 'string' ||
        !WHOLE_NUMBER.test(rec) ||
        !WHOLE_NUMBER.test(clinic) ||
        !/^\d{1,12}$/.test(exp) ||
        !/^[A-Za-z0-9_-]{43}$/.test(sig)
      )
        return { verdict: 'invalid' };
      const picture = { recordId: Number(rec), clinicId: Number(clinic) };
      const expected = Buffer.from(signature(key, relativePath, picture, Number(exp)));
      if (!crypto.timingSafeEqual(expected, Buffer.from(sig))) return { verdict: 'invalid' };
      return Number(exp) * 1000 <= nowMs ? { verdict: 'expired' } : { verdict: 'ok', picture };
    },
  };
}

/**
 * Whether a signed link's picture is still what it showed: the record is the clinic's, names this file and is not
 * deleted, and neither its visit nor the clinic's patient row of its pet is (one indexed lookup by the record's key).
 */
async function pictureIsLive(db: Db, relativePath: string, picture: PictureRecord): Promise<boolean> {
  const [row] = await db
    .select({ id: wellnessRecords.id })
    .from(wellnessRecords)
    .innerJoin(vetVisits, eq(vetVisits.id, wellnessRecords.vetVisitId))
    .innerJoin(
      clinicPatients,
      and(
        eq(clinicPatients.clinicId, wellnessRecords.clinicId),
        eq(clinicPatients.petProfileId, wellnessRecords.petProfileId),
      ),
    )
    .where(
      and(
        eq(wellnessRecords.id, picture.recordId),
        eq(wellnessRecords.clinicId, picture.clinicId),
        eq(wellnessRecords.imagePath, relativePath),
        eq(vetVisits.clinicId, picture.clinicId),
        recordNotDeleted,
        visitNotDeleted,
        patientNotDeleted,
      ),
    )
    .limit(1);
  return row !== undefined;
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
 * GET /media/clinical/*: a visit picture, only with a valid signature (403 otherwise), only while what the link
 * shows is live (404 for a deleted record, visit or patient, or no such file). `private, no-cache` with an ETag:
 * the browser asks again each time it shows the picture (304 while it lives), so a deleted picture is gone from
 * it too.
 */
export function registerClinicalMedia(app: FastifyInstance): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = request.url.split('?')[0].slice('/media/'.length);
    const say = (key: 'pictureLinkInvalid' | 'notFound') => serverMessage(key, requestLanguage(request));
    const notFound = () =>
      reply
        .code(404)
        .header('Cache-Control', 'private, no-store')
        .send(fail(say('notFound')));
    if (!isClinicalPath(relative)) return notFound();
    const link = (await app.mediaLinks()).check(relative, request.query as Record<string, unknown>);
    if (link.verdict !== 'ok')
      return reply
        .code(403)
        .header('Cache-Control', 'private, no-store')
        .send(fail(say('pictureLinkInvalid')));
    if (!(await pictureIsLive(app.db, relative, link.picture))) return notFound();
    // A stored file never changes under its name: its path is its version.
    const etag = `"${crypto.createHash('sha256').update(relative).digest('base64url').slice(0, 22)}"`;
    reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = isClinicalDemoPath(relative)
      ? await fs.readFile(path.join(app.config.mediaDir, relative)).catch(() => null)
      : await app.mediaStorage.read(relative);
    if (!bytes) return notFound();
    return reply.type(contentTypeOf(relative)).send(bytes);
  };
  app.get('/media/clinical/*', { schema: { hide: true } }, serve);
}
