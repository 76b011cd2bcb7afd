import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reserveAttempt } from '#server/http/failure-counts';
import { TooManyRequestsError, UserError } from '#server/http/errors';
import type { ServerMessageKey } from '#server/http/messages';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The lost-and-found forms' limits (docs/decisions/0152), counted in the database before the work like every limit
 * (docs/decisions/0090), so every process shares them: writes per client address per hour (a 429), and per key
 * per day (a message for the sender: `perDay` messages from one address, or to one pet).
 */
export async function reservePublicWrite(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const reserved = await reserveAttempt(app.db, `lostfound:${request.ip}`, {
    limit: app.config.lostFoundWritesPerAddressPerHour,
    windowMs: HOUR_MS,
  });
  if (!reserved.granted) throw new TooManyRequestsError('tooManyLostFoundWrites', reserved.retryAfterSeconds);
}

/** One more of `key`'s `perDay`, or the user error `refusal` when the day's are used up. */
export async function reserveDaily(
  db: FastifyInstance['db'],
  key: string,
  perDay: number,
  refusal: ServerMessageKey,
): Promise<void> {
  const reserved = await reserveAttempt(db, key, { limit: perDay, windowMs: DAY_MS });
  if (!reserved.granted) throw new UserError(refusal);
}
