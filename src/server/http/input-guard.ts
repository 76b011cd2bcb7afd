import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findInputProblem,
  INT_MAX,
  INT_MIN,
  isAcceptableNumber,
  type InputProblem,
} from '#shared/contract/input-rules';
import { BadRequestError } from '#server/http/errors';
import { bodySchemaOf, numberBoundsAt } from '#server/http/schema-bounds';

/**
 * The 400 for a value that breaks the shared input rules (src/shared/contract/input-rules.ts). A number is answered
 * with its field's own range when `schema` (the part's schema) gives one, else with the rule's 32-bit range.
 */
function inputProblemError(found: InputProblem, part: string, schema: unknown): BadRequestError {
  const field = fieldName(found.path ? found.path : part);
  if (found.problem === 'number') {
    const bounds = numberBoundsAt(schema, found.path);
    return BadRequestError.of('numberOutOfRange', { field, min: bounds?.min ?? INT_MIN, max: bounds?.max ?? INT_MAX });
  }
  return BadRequestError.of(found.problem === 'nul' ? 'textWithNul' : 'textTooLong', { field });
}

/** A field's name as the message shows it: control characters replaced, at most 80 characters. */
function fieldName(field: string): string {
  // eslint-disable-next-line no-control-regex
  return field.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80) || 'request';
}

/** Throws the 400 when any value of `input` breaks the shared rules; `schema`: the part's schema, for a number's range. */
export function assertAcceptableInput(input: unknown, part: string, schema?: unknown): void {
  const found = findInputProblem(input);
  if (found) throw inputProblemError(found, part, schema);
}

/** The schema the route gives one part of its request: query, path, or the JSON body / multipart json part. */
export function routeSchemaOf(request: FastifyRequest, part: 'query' | 'path' | 'body' | 'json'): unknown {
  const schema = request.routeOptions.schema;
  if (!schema) return undefined;
  if (part === 'query') return schema.querystring;
  if (part === 'path') return schema.params;
  return bodySchemaOf(schema.body, part === 'json');
}

/**
 * A JSON body's number that JSON.parse read as Infinity (1e400) fails its schema's type ("must be number") before
 * the shared rules see it: the 400 that names its field's range instead, or null for any other schema complaint.
 */
export function infiniteBodyNumberError(
  request: FastifyRequest,
  context: string | undefined,
  instancePath: string | undefined,
): BadRequestError | null {
  if (context !== 'body' || instancePath === undefined) return null;
  const path = instancePath.split('/').slice(1).join('.');
  let value: unknown = request.body;
  for (const key of path ? path.split('.') : []) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value !== 'number' || isAcceptableNumber(value)) return null;
  return inputProblemError({ path, problem: 'number' }, 'body', routeSchemaOf(request, 'body'));
}

/**
 * One check of every API request's query, path parameters and JSON body after schema validation
 * (so coerced numbers are seen as numbers): finite numbers in range, text without NUL and of
 * bounded length. Multipart json parts get the same check in readMultipart. A refused request
 * reaches no handler and no database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    assertAcceptableInput(request.query, 'query', routeSchemaOf(request, 'query'));
    assertAcceptableInput(request.params, 'path', routeSchemaOf(request, 'path'));
    if (!request.isMultipart()) assertAcceptableInput(request.body, 'body', routeSchemaOf(request, 'body'));
  });
}
