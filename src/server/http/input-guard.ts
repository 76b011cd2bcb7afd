import type { FastifyInstance } from 'fastify';
import { findInputProblem, type InputProblem } from '#shared/contract/input-rules';
import { BadRequestError } from '#server/http/errors';

/** The 400 for a value that breaks the shared input rules (src/shared/contract/input-rules.ts). */
function inputProblemError(found: InputProblem, part: string): BadRequestError {
  const field = found.path ? found.path : part;
  const key = found.problem === 'number' ? 'numberOutOfRange' : found.problem === 'nul' ? 'textWithNul' : 'textTooLong';
  return BadRequestError.of(key, { field: fieldName(field) });
}

/** A field's name as the message shows it: control characters replaced, at most 80 characters. */
function fieldName(field: string): string {
  // eslint-disable-next-line no-control-regex
  return field.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80) || 'request';
}

/** Throws the 400 when any value of `input` breaks the shared rules. */
export function assertAcceptableInput(input: unknown, part: string): void {
  const found = findInputProblem(input);
  if (found) throw inputProblemError(found, part);
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
    assertAcceptableInput(request.query, 'query');
    assertAcceptableInput(request.params, 'path');
    if (!request.isMultipart()) assertAcceptableInput(request.body, 'body');
  });
}
