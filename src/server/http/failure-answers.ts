import { Type } from '@sinclair/typebox';

/** What each failure status means, as the API document says it. */
const FAILURES = {
  400: 'Malformed input (a value of the wrong type, out of range, a broken multipart body): the envelope, result 0.',
  401: 'No valid portal session: the envelope, result 0.',
  413: 'The body is larger than the call takes: the envelope, result 0.',
  429: 'Too many requests from this address (Retry-After says when to try again): the envelope, result 0.',
} as const;

/**
 * The error answers of a call for its OpenAPI document (every answer it gives besides HTTP 200, whose result 0
 * carries the user's message): each the envelope with data null, as the error handler sends it.
 */
export function failureAnswers(...statuses: (keyof typeof FAILURES)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      Type.Object(
        {
          result: Type.Literal(0),
          message: Type.String(),
          data: Type.Null(),
        },
        { description: FAILURES[status] },
      ),
    ]),
  );
}
