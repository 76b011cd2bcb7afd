import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { NearMePosition } from '#shared/contract/near-me';
import { serverMessage } from '#server/http/messages';
import { BadRequestError } from '#server/http/errors';

/** The radius geo_point (migration 0011) puts positions on: the Earth's mean radius, km. */
const EARTH_RADIUS_KM = 6371.0088;

/** English texts of the two near-me messages (locales/en/server.json), for tests and docs. */
export const NEAR_ME_BOTH_COORDINATES = serverMessage('nearMeBothCoordinates');
export const NEAR_ME_OUT_OF_RANGE = serverMessage('nearMeOutOfRange');

/**
 * The visitor's position from a listing call's query, or null when neither coordinate is given.
 * One without the other, or a value out of range or not finite, is a user error.
 */
export function nearMePosition(query: { latitude?: number; longitude?: number }): NearMePosition | null {
  const { latitude, longitude } = query;
  if (latitude === undefined && longitude === undefined) return null;
  if (latitude === undefined || longitude === undefined) throw BadRequestError.of('nearMeBothCoordinates');
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw BadRequestError.of('nearMeOutOfRange');
  }
  return { latitude, longitude };
}

/** A stored position as the indexed point: the expression of the GiST indexes of migration 0011. */
export function geoPoint(latitude: AnyColumn, longitude: AnyColumn): SQL {
  return sql`geo_point(${latitude}, ${longitude})`;
}

/**
 * The ordering key: straight-line (chord) distance between the points, which orders exactly as
 * great-circle distance does and is what a GiST index can return in order.
 */
export function chordTo(point: SQL, here: NearMePosition): SQL<number | null> {
  return sql<number | null>`(${point} <-> geo_point(${here.latitude}::float8, ${here.longitude}::float8))`;
}

/** Great-circle km from a chord length in km (null stays null). */
export function greatCircleKm(chordKm: number | null): number | null {
  if (chordKm === null) return null;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chordKm / (2 * EARTH_RADIUS_KM)));
}

/** The chord length in km of a great-circle distance in km (what a `chordTo` bound is written in). */
export function chordKmOf(greatCircle: number): number {
  return 2 * EARTH_RADIUS_KM * Math.sin(Math.min(Math.PI / 2, greatCircle / (2 * EARTH_RADIUS_KM)));
}

/** The position's part of a public cache key: the exact values, so two positions never share an answer. */
export function nearMeKey(here: NearMePosition | null): string {
  return here ? `near:${here.latitude}:${here.longitude}` : '';
}

/**
 * For routes declared with `attachValidation`: a validation failure of latitude or longitude
 * (out of range, not a number) becomes NEAR_ME_OUT_OF_RANGE; any other is thrown as it was, to be
 * answered like every other validation error.
 */
export function rejectInvalidQuery(
  validationError: (Error & { validation?: { instancePath?: string }[] }) | undefined,
): void {
  if (!validationError) return;
  const paths = validationError.validation?.map((v) => v.instancePath ?? '') ?? [];
  if (paths.some((p) => p === '/latitude' || p === '/longitude')) throw BadRequestError.of('nearMeOutOfRange');
  throw validationError;
}

/**
 * Before validation, the coordinates of a listing call's query: values "" mean "not given", as for
 * the listing calls' other parameters, and are dropped so they do not fail the number check. A value
 * that reads as an infinite number (1e400, Infinity) is refused as out of range here: the schema's
 * coercion turns it into Infinity and lets it through its minimum and maximum, and the shared input
 * rule would then refuse it with the generic message of a number outside the integer range.
 */
export function prepareCoordinates(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const q = query as Record<string, unknown>;
  for (const name of ['latitude', 'longitude']) {
    if (q[name] === '') delete q[name];
    else if (typeof q[name] === 'string' && Math.abs(Number(q[name])) === Infinity)
      throw BadRequestError.of('nearMeOutOfRange');
  }
}
