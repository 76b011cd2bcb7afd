/**
 * The rules every value a request carries must keep, shared by the server (one check of every
 * query, body and multipart json part: src/server/http/input-guard.ts) and the client's forms
 * (the yup schemas in src/shared/forms). See docs/decisions/0051.
 *
 * - Numbers: finite and within the 32-bit range of the database's integer columns. No field of the
 *   API needs more; Infinity, 1e309 (JSON.parse gives Infinity) and NaN never reach a query.
 * - Text: no NUL character (PostgreSQL cannot store one) and at most MAX_TEXT_LENGTH characters;
 *   each field's own, smaller maximum is in its schema.
 */

/** The 32-bit range of the database's integer columns: the widest any number of the API may take. */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
/** The longest text any field accepts (a visit's notes: 10,000); longer input is refused outright. */
export const MAX_TEXT_LENGTH = 10_000;

/** True for a number the API can take: finite and within the 32-bit integer range. */
export function isAcceptableNumber(value: number): boolean {
  return Number.isFinite(value) && value >= INT_MIN && value <= INT_MAX;
}

/** A whole number in [min, max] (default the 32-bit range), or null: the one way ids and pages are read from text. */
export function parseWholeNumber(raw: unknown, min = INT_MIN, max = INT_MAX): number | null {
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[-+]?\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

export type TextProblem = 'nul' | 'tooLong';

/** What is wrong with a text value, or null when it keeps the rule. */
export function textProblem(value: string, max = MAX_TEXT_LENGTH): TextProblem | null {
  if (value.includes('\u0000')) return 'nul';
  if (value.length > max) return 'tooLong';
  return null;
}

/** True when a text value keeps the rule (for yup `.test`). */
export function isAcceptableText(value: unknown, max = MAX_TEXT_LENGTH): boolean {
  return typeof value !== 'string' || textProblem(value, max) === null;
}

export interface InputProblem {
  /** where, e.g. "petName" or "vaccinations.0.notes" ("" for the value itself) */
  path: string;
  problem: TextProblem | 'number';
}

/** The first value anywhere in `input` (objects and arrays walked, keys too) that breaks a rule, or null. */
export function findInputProblem(input: unknown, path = '', depth = 0): InputProblem | null {
  if (typeof input === 'number') return isAcceptableNumber(input) ? null : { path, problem: 'number' };
  if (typeof input === 'string') {
    const problem = textProblem(input);
    return problem ? { path, problem } : null;
  }
  if (input === null || typeof input !== 'object' || depth > 32) return null;
  const entries: [string, unknown][] = Array.isArray(input)
    ? input.map((v, i) => [String(i), v])
    : Object.entries(input);
  for (const [key, value] of entries) {
    const where = path ? `${path}.${key}` : key;
    const keyProblem = textProblem(key, 200);
    if (keyProblem) return { path: where, problem: keyProblem };
    const found = findInputProblem(value, where, depth + 1);
    if (found) return found;
  }
  return null;
}
