import { isRealIsoDate } from '#shared/forms/pet-form';
import type { VersionConflict } from '#shared/contract/vet-records';
import { serverMessage, type MessageKey, type MessageParams } from '#server/http/messages';

/**
 * An error whose text is a message of locales/<lang>/server.json (or a shared form key), answered in the request's
 * language.
 */
abstract class MessageError extends Error {
  readonly messageKey: MessageKey;
  readonly params: MessageParams;
  constructor(key: MessageKey, params: MessageParams = {}) {
    // English in `message`, for logs and for callers that read it
    super(serverMessage(key, 'en', params));
    this.messageKey = key;
    this.params = params;
  }
}

/**
 * A failure the user should read: answered with HTTP 200 and result 0 (SPEC.md §7),
 * e.g. an unknown pet, a bad token or a value that breaks a rule. `key` names its text in locales/en/server.json
 * (add the key there and in every other language's server.json: see src/server/http/messages.ts).
 */
export class UserError extends MessageError {
  constructor(key: MessageKey, params?: MessageParams) {
    super(key, params);
    this.name = 'UserError';
  }
}

/**
 * Malformed input: answered with HTTP 400 and the envelope by the error handler. With a message key
 * (BadRequestError.of) the answer is in the request's language; plain text is for client developers.
 */
export class BadRequestError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly messageKey: MessageKey | null = null,
    readonly params: MessageParams = {},
  ) {
    super(message);
    this.name = 'BadRequestError';
  }

  static of(key: MessageKey, params: MessageParams = {}): BadRequestError {
    return new BadRequestError(serverMessage(key, 'en', params), key, params);
  }
}

/** Missing, expired or revoked portal token: HTTP 401 with the envelope. */
export class UnauthorizedError extends MessageError {
  constructor(key: MessageKey = 'sessionExpired') {
    super(key);
    this.name = 'UnauthorizedError';
  }
}

/** A portal call the acting person's role may not make (issue 31): HTTP 403 with the envelope. */
export class ForbiddenError extends MessageError {
  constructor(key: MessageKey = 'notAllowed') {
    super(key);
    this.name = 'ForbiddenError';
  }
}

/** Too many attempts: HTTP 429 with the envelope and Retry-After (seconds until a new attempt can succeed). */
export class TooManyRequestsError extends MessageError {
  readonly retryAfterSeconds: number;
  constructor(key: MessageKey = 'tooManyAttempts', retryAfterSeconds = 60) {
    super(key);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * A save over a version its user never saw (docs/decisions/0096): HTTP 409 with the envelope, a
 * message naming who saved the newer version and when, and that data (VersionConflict).
 */
export class VersionConflictError extends Error {
  constructor(
    readonly subject: 'pet' | 'visit' | 'owner' | 'protocol' | 'schedule' | 'reminder' | 'clinic' | 'visitRequest',
    readonly conflict: VersionConflict,
  ) {
    super(`the ${subject} has version ${conflict.version} now`);
    this.name = 'VersionConflictError';
  }
}

/** A date range of a list (either end may be open): real days, the first not after the last. */
export function assertDateRange(from: string | undefined, to: string | undefined): void {
  if ((from !== undefined && !isRealIsoDate(from)) || (to !== undefined && !isRealIsoDate(to)))
    throw new UserError('badReminderDate');
  if (from !== undefined && to !== undefined && from > to) throw new UserError('badDateRange');
}
