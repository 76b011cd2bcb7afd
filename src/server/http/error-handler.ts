import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from '#server/http/envelope';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  UserError,
  VersionConflictError,
} from '#server/http/errors';
import { serverMessage } from '#server/http/messages';
import { SlowBodyError } from '#server/http/body-limits';
import { MediaStoreError } from '#server/media/storage-failure';
import { requestLanguage } from '#server/http/request-language';
import { infiniteBodyNumberError } from '#server/http/input-guard';
import { intlLocale } from '#shared/languages';

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNAVAILABLE_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(msg)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const MULTIPART_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_MP_PREMATURE_CLOSE',
  'FST_NO_FORM_DATA',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);
const MULTIPART_MESSAGES = new RegExp(
  [
    'Unexpected end of (multipart data|form)',
    'Multipart: Boundary not found',
    'Boundary required',
    'Malformed part header',
    'Missing Content-Type',
    'Unsupported Content-Type',
    'Part terminated early',
  ].join('|'),
  'i',
);

/** A body that says it is multipart and is not (or is cut off): the client's fault, never a 5xx. */
function isMalformedMultipart(err: FastifyError): boolean {
  return (typeof err.code === 'string' && MULTIPART_CODES.has(err.code)) || MULTIPART_MESSAGES.test(err.message ?? '');
}

/** "Dr. Ana Ruiz changed this visit on 5 Mar 2026, 14:05 UTC. …" in the request's language. */
function conflictMessage(err: VersionConflictError, language: ReturnType<typeof requestLanguage>): string {
  const { changedBy, changedAt } = err.conflict;
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const time = changedAt ? `${format.format(new Date(changedAt))} UTC` : '';
  if (err.subject === 'visit')
    return serverMessage(changedBy ? 'visitChangedBy' : 'visitChangedElsewhere', language, { user: changedBy, time });
  if (err.subject === 'schedule')
    return serverMessage(changedBy ? 'scheduleChangedBy' : 'scheduleChangedElsewhere', language, {
      user: changedBy,
      time,
    });
  if (err.subject === 'protocol')
    return serverMessage(changedBy ? 'protocolChangedBy' : 'protocolChangedElsewhere', language, {
      user: changedBy,
      time,
    });
  if (err.subject === 'reminder')
    return serverMessage(changedBy ? 'reminderChangedBy' : 'reminderChangedElsewhere', language, {
      user: changedBy,
      time,
    });
  if (err.subject === 'clinic')
    return serverMessage(changedBy ? 'clinicContactChangedBy' : 'clinicContactChangedElsewhere', language, {
      user: changedBy,
      time,
    });
  if (err.subject === 'visitRequest')
    return serverMessage(changedBy ? 'visitRequestChangedBy' : 'visitRequestChangedElsewhere', language, {
      user: changedBy,
      time,
    });
  if (err.subject === 'owner')
    return serverMessage(changedBy ? 'ownerChangedBy' : 'ownerChangedElsewhere', language, { user: changedBy, time });
  return serverMessage(changedBy ? 'petChangedBy' : 'petChangedElsewhere', language, { user: changedBy, time });
}

type SchemaError = NonNullable<FastifyError['validation']>[number];

/**
 * The request schema's first complaint, naming the field. A value outside a list of words (a union of literals) is
 * answered with the words: ajv would name only the first alternative's complaint ("must be equal to constant").
 */
function schemaErrorMessage(errors: SchemaError[], context: string | undefined): string {
  const first = errors[0];
  const where = first?.instancePath
    ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
    : (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const what = `${context ?? 'request'}${where ? ` (${where})` : ''}`;
  const atField = errors.filter((e) => e.instancePath === first?.instancePath);
  const allowed = atField.flatMap((e) => (e.keyword === 'const' ? [String(e.params.allowedValue)] : []));
  if (allowed.length > 1) return `Invalid ${what}: must be one of ${allowed.join(', ')}.`;
  return `Invalid ${what}: ${plainComplaint(first) ?? 'bad value'}`;
}

/**
 * ajv's complaint, said plainly where its wording misleads: a required text sent empty, or sent as null (which the
 * coercion of types turns into ""), "must NOT have fewer than 1 characters", is "must not be empty".
 */
function plainComplaint(error: SchemaError | undefined): string | undefined {
  if (error?.keyword === 'minLength' && (error.params as { limit?: unknown }).limit === 1) return 'must not be empty';
  return error?.message;
}

/** One place that turns every error into the envelope; a 5xx never carries internal text. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Messages people read are answered in the request's language (src/server/http/messages.ts).
    const say = (key: Parameters<typeof serverMessage>[0], params?: Parameters<typeof serverMessage>[2]) =>
      serverMessage(key, requestLanguage(request), params);
    if (err instanceof UserError) return reply.code(200).send(fail(say(err.messageKey, err.params)));
    if (err instanceof UnauthorizedError) return reply.code(401).send(fail(say(err.messageKey)));
    if (err instanceof ForbiddenError) return reply.code(403).send(fail(say(err.messageKey)));
    if (err instanceof VersionConflictError)
      return reply.code(409).send({ ...fail(conflictMessage(err, requestLanguage(request))), data: err.conflict });
    if (err instanceof TooManyRequestsError)
      return reply
        .code(429)
        .header('Retry-After', String(err.retryAfterSeconds))
        .send(fail(say(err.messageKey)));
    if (err.statusCode === 429)
      return reply
        .code(429)
        .header('Retry-After', '60')
        .send(fail(say('tooManyRequests')));
    if (err.validation) {
      // (a number JSON read as Infinity is answered with its field's range, not "must be number")
      const infinite = infiniteBodyNumberError(request, err.validationContext, err.validation[0]?.instancePath);
      const message = infinite?.messageKey
        ? say(infinite.messageKey, infinite.params)
        : schemaErrorMessage(err.validation, err.validationContext);
      return reply.code(400).send(fail(message));
    }
    if (err instanceof BadRequestError)
      return reply.code(400).send(fail(err.messageKey ? say(err.messageKey, err.params) : err.message));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(say('bodyTooLarge')));
    if (err instanceof SlowBodyError) return reply.code(408).send(fail(say('bodyTooSlow')));
    if (isMalformedMultipart(err)) return reply.code(400).send(fail(say('malformedMultipart')));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : err.message;
      return reply.code(err.statusCode).send(fail(message));
    }
    if (err instanceof MediaStoreError) {
      request.log.error(
        { reason: err.reason, code: err.code },
        `media storage ${err.reason}: a picture was not stored`,
      );
      return reply
        .code(503)
        .send(fail(say(err.reason === 'full' ? 'pictureStorageFull' : 'pictureStorageUnavailable')));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.code(503).send(fail(say('serviceUnavailable')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(say('internalError')));
  });
}
