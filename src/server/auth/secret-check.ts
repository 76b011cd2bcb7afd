import type { FastifyInstance } from 'fastify';
import {
  lockedSinceReserved,
  recordFailure,
  recordSuccess,
  reserveLoginAttempt,
  throttleKeys,
} from '#server/auth/login-throttle';
import { TooManyRequestsError, UserError } from '#server/http/errors';
import type { MessageKey } from '#server/http/messages';

/** One guess at a secret: whose (the throttle's name for it), from where, and the answer when it is wrong. */
export interface SecretAttempt {
  /** a username, or "#pin:<user id>", "#code:<user id>", "#password:<user id>" for a person's other secrets */
  name: string;
  ip: string;
  wrong: MessageKey;
}

/**
 * Checks a secret under the rules of a login (docs/decisions/0014, 0091), for every secret a person has: a password,
 * a desk PIN, a two-factor code. In this order: a place in the bounded line of checks (429 for an address with too
 * many in it); the attempt counted for the pair of name and address and for the address (429 when either is locked:
 * no work at all); what the attempt is about looked up (`find`); its turn; the locks read again; the check
 * (`verify`, which costs the same for nothing found). A success gives the attempt back; a failure throws `wrong`.
 */
export async function checkSecret<T>(
  app: FastifyInstance,
  attempt: SecretAttempt,
  find: () => Promise<T | null>,
  verify: (found: T | null) => Promise<boolean>,
): Promise<T> {
  const keys = throttleKeys(attempt.name, attempt.ip);
  const ticket = app.loginQueue.admit(attempt.ip);
  let found: T | null;
  let valid: boolean;
  try {
    const held = await reserveLoginAttempt(app.db, keys);
    if ('retryAfterSeconds' in held) throw new TooManyRequestsError('tooManyLoginAttempts', held.retryAfterSeconds);
    found = await find();
    await ticket.turn();
    const lockedMeanwhile = await lockedSinceReserved(app.db, keys, held);
    if (lockedMeanwhile) throw new TooManyRequestsError('tooManyLoginAttempts', lockedMeanwhile.retryAfterSeconds);
    valid = await verify(found);
  } finally {
    ticket.leave();
  }
  if (!found || !valid) {
    await recordFailure(app.db, keys);
    throw new UserError(attempt.wrong);
  }
  await recordSuccess(app.db, keys);
  return found;
}
