import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/**
 * The answers of the API document besides success (docs/decisions/0158). Every operation under /api
 * gets, unless its schema says otherwise, the error answers every call can give: the envelope with
 * result 0 for 400 (a value the schema or the input rules refuse), 429, 500 and 503; a call with a
 * body also 408, 413 and 415; a portal call (security: bearer) also 401; a public GET also 304 (the
 * ETag it holds is current). A call that can answer something more (409 for a version check, 403,
 * 404) says so with `...errorAnswers(409)` in its `response`. Each operation gets an operationId
 * (the call's name, the path's last part) and a tag (the path's first part) when it has none.
 * tests/support/databases.ts checks, for every API test file, that each status a test received is
 * documented for its operation.
 */
type ErrorStatus = 304 | 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 500 | 503;

const MEANING: Record<ErrorStatus, string> = {
  304: 'Not modified: the answer the client holds (If-None-Match) is still current.',
  400: "A value the call's schema or the shared input rules refuse; the message names it.",
  401: 'No valid clinic session: the bearer token is missing, expired or revoked.',
  403: 'Not allowed for this session or link.',
  404: 'No such item.',
  408: 'The body did not arrive within its time (HTTP_BODY_TIMEOUT_MS); the connection is closed.',
  409: 'Changed by someone else since it was read; `data` says who and when.',
  413: 'The body is larger than this call takes.',
  415: 'The body is of a content type this call does not read.',
  429: 'Too many requests or attempts from this address; Retry-After says when to try again.',
  500: 'Something went wrong on the server; nothing internal is told.',
  503: 'The database or the picture storage is unavailable for a moment.',
};

/** The envelope of a refusal: result 0 and a message in the request's language; `data` null or the details. */
const ErrorEnvelope = Type.Object({
  result: Type.Literal(0),
  message: Type.String(),
  data: Type.Unknown(),
});

/** Response schemas of these error answers, to spread into a route's `response`. */
export function errorAnswers<S extends ErrorStatus>(...statuses: S[]): Record<S, TSchema> {
  const answers = {} as Record<S, TSchema>;
  for (const status of statuses)
    answers[status] =
      status === 304
        ? Type.Null({ description: MEANING[304] })
        : Type.Object(ErrorEnvelope.properties, { description: MEANING[status] });
  return answers;
}

type DocumentedSchema = FastifySchema & { hide?: boolean; operationId?: string; tags?: readonly string[] };

function commonAnswers(route: RouteOptions, schema: DocumentedSchema): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 429, 500, 503];
  const methods = [route.method].flat();
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) statuses.push(408, 413, 415);
  if (schema.security?.length) statuses.push(401);
  else if (methods.includes('GET')) statuses.push(304);
  return statuses;
}

/** Adds the common error answers, an operationId and a tag to every /api operation registered after it. */
export function registerErrorAnswers(app: FastifyInstance): void {
  const operationIds = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const schema = (route.schema ?? {}) as DocumentedSchema;
    if (schema.hide) return;
    const parts = route.url.slice('/api/'.length).split('/').filter(Boolean);
    const name = parts.filter((p) => !p.startsWith(':')).at(-1) ?? 'root';
    if (!schema.operationId) {
      const id = operationIds.has(name) ? parts.join('_').replace(/:/g, '') : name;
      schema.operationId = id;
    }
    operationIds.add(schema.operationId);
    schema.tags ??= [parts[0] ?? 'API'];
    schema.response = {
      ...errorAnswers(...commonAnswers(route, schema)),
      ...(schema.response as Record<string, unknown> | undefined),
    };
    route.schema = schema;
  });
}
