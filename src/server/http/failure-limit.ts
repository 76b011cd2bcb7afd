import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '#server/http/errors';
import type { ServerMessageKey } from '#server/http/messages';

/**
 * Limits on FAILED calls per client address (request.ip, so TRUST_PROXY decides which address
 * counts), built on @fastify/rate-limit's manual limiter: a call first peeks at its address's
 * count (429 with the envelope when it is used up), and only a failure consumes one. Successful
 * calls, listings and found pets are never counted, so normal browsing is never throttled.
 * Counts are in memory per server process (docs/decisions/0052).
 */
export interface FailureLimit {
  /** Throws the 429 when the address has used up its failures in the window. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts one failure of the address. */
  fail(request: FastifyRequest): Promise<void>;
}

function failureLimit(app: FastifyInstance, name: string, max: number, windowMinutes: number, message: ServerMessageKey): FailureLimit {
  const limiter = app.createRateLimit({ max, timeWindow: windowMinutes * 60_000, keyGenerator: (request) => `${name}:${request.ip}` });
  return {
    async check(request) {
      const status = await limiter(request, { increment: false });
      if (!status.isAllowed && status.remaining <= 0) throw new TooManyRequestsError(message);
    },
    async fail(request) {
      await limiter(request);
    },
  };
}

interface PublicFailureLimits {
  /** public-ID lookups that found no pet (GetPetDetailsByPublicId, GetPetWellnessCategoryTypes) */
  lookups: FailureLimit;
  /** reset / verify / invite calls with a bad or expired token */
  tokens: FailureLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits on failed public calls per client address (one set shared by the routes). */
    failureLimits: PublicFailureLimits;
  }
}

/**
 * Registers @fastify/rate-limit without limiting any route by itself (only the limits made here
 * apply) and decorates `app.failureLimits`.
 */
export const failureLimitsPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
    const { failedLookupLimit, failedTokenLimit, failureWindowMinutes } = app.config;
    app.decorate('failureLimits', {
      lookups: failureLimit(app, 'lookup', failedLookupLimit, failureWindowMinutes, 'tooManyFailedLookups'),
      tokens: failureLimit(app, 'token', failedTokenLimit, failureWindowMinutes, 'tooManyTokenAttempts'),
    });
  },
  { name: 'failure-limits', fastify: '5.x' },
);
