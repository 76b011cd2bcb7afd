import { Type } from '@sinclair/typebox';

/**
 * "Near me" (issue 15): the visitor's position on a listing call. Both or neither; with them the
 * answer is ordered by great-circle distance and its items carry distanceKm. An empty value counts
 * as absent. Bounds are checked here; the server also refuses non-finite values.
 */
export const NearMeQueryFields = {
  latitude: Type.Optional(
    Type.Number({
      minimum: -90,
      maximum: 90,
      description: "the visitor's latitude in degrees (-90..90); with longitude: nearest first",
    }),
  ),
  longitude: Type.Optional(
    Type.Number({
      minimum: -180,
      maximum: 180,
      description: "the visitor's longitude in degrees (-180..180); with latitude: nearest first",
    }),
  ),
};

/** Great-circle distance in km from the visitor (near-me calls only); null when the place has no position. */
export const DistanceKm = Type.Optional(
  Type.Union([Type.Number(), Type.Null()], { description: 'near-me calls only: great-circle distance in km' }),
);

export interface NearMePosition {
  latitude: number;
  longitude: number;
}
