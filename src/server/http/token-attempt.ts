import type { FastifyRequest } from 'fastify';
import { UserError } from '#server/http/errors';
import type { MessageKey } from '#server/http/messages';

/**
 * Runs a flow of a one-time link (a token) as one attempt of the caller's address, reserved before the token is
 * looked at (429 once the address has used them up) and given back unless the token was bad (an error whose message
 * is one of `badToken`): guessing links costs the guesser, using a good one costs nothing.
 */
export async function withTokenLimit<T>(
  request: FastifyRequest,
  badToken: ReadonlySet<MessageKey>,
  flow: () => Promise<T>,
): Promise<T> {
  const held = await request.server.failureLimits.tokens.reserve(request);
  let answer: T;
  try {
    answer = await flow();
  } catch (err) {
    if (!(err instanceof UserError && badToken.has(err.messageKey))) await held.giveBack().catch(() => {});
    else held.keep();
    throw err;
  }
  await held.giveBack();
  return answer;
}
