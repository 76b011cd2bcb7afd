/**
 * A failure the user should read: answered with HTTP 200 and result 0 (SPEC.md §7),
 * e.g. an unknown pet, a bad token or a value that breaks a rule.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** Missing, expired or revoked portal token: HTTP 401 with the envelope. */
export class UnauthorizedError extends Error {
  constructor(message = 'Your session has expired. Please log in again.') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** Too many attempts: HTTP 429 with the envelope. */
export class TooManyRequestsError extends Error {
  constructor(message = 'Too many attempts. Please try again later.') {
    super(message);
    this.name = 'TooManyRequestsError';
  }
}
