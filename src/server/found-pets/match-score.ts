import type { FoundColor, FoundSize } from '#shared/found-pets';
import { FOUND_REPORT_DAYS } from '#shared/found-pets';
import { isUnknownBreed } from '#shared/constants';
import { colorSimilarity } from '#server/found-pets/colors';
import { distanceKm } from '#server/found-pets/place';

/**
 * How alike a found report and a lost pet are, 0 to 100 (docs/decisions/0151, where the weights were tuned on the
 * 50-pair fixture of tests/support/found-match-fixture.ts). A pair is a candidate only when the pet type agrees,
 * the places are at most MAX_DISTANCE_KM apart and the pet was found on or after the day it was lost, within
 * FOUND_REPORT_DAYS; then breed, colours, size, distance and days add up.
 */
export const MAX_DISTANCE_KM = 50;
/** A match the owner is e-mailed about. */
export const GOOD_MATCH_SCORE = 65;

const WEIGHTS = {
  distance: 40,
  colors: 25,
  breed: 15,
  size: 10,
  days: 10,
} as const;
/** Distance and days count less the further apart: the score halves every this many km, and days. */
const DISTANCE_HALF_KM = 3;
const DAYS_HALF = 10;
/** A breed the finder could not tell, and a size or colours not known on one side: part of their weight. */
const UNKNOWN_SHARE = 0.4;
/** The photos' colours count for this share of the colour score (the finder's words for the rest). */
const PHOTO_SHARE = 0.3;

export interface FoundFacts {
  petTypeId: number;
  petBreedId: number | null;
  colors: readonly FoundColor[];
  photoColors: readonly FoundColor[];
  size: FoundSize;
  /** yyyy-mm-dd */
  foundDate: string;
  latitude: number;
  longitude: number;
}

export interface LostFacts {
  petTypeId: number;
  petBreedId: number;
  /** what the owner wrote of its colour, as names */
  colors: readonly FoundColor[];
  photoColors: readonly FoundColor[];
  /** from its latest weight; null: not known */
  size: FoundSize | null;
  /** yyyy-mm-dd */
  lostDate: string;
  latitude: number;
  longitude: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** The mean of each name's best likeness in the other list, both ways: 0 to 1; null when a list is empty. */
function likeness(a: readonly FoundColor[], b: readonly FoundColor[]): number | null {
  if (a.length === 0 || b.length === 0) return null;
  const best = (x: FoundColor, ys: readonly FoundColor[]) => Math.max(...ys.map((y) => colorSimilarity(x, y)));
  const ab = a.reduce((sum, x) => sum + best(x, b), 0) / a.length;
  const ba = b.reduce((sum, y) => sum + best(y, a), 0) / b.length;
  return (ab + ba) / 2;
}

function colorScore(found: FoundFacts, lost: LostFacts): number {
  const lostAll = [...new Set([...lost.colors, ...lost.photoColors])];
  const words = likeness(found.colors, lostAll);
  if (words === null) return UNKNOWN_SHARE;
  const photos = likeness(found.photoColors, lostAll);
  return photos === null ? words : (1 - PHOTO_SHARE) * words + PHOTO_SHARE * photos;
}

const SIZES: readonly FoundSize[] = ['small', 'medium', 'large'];

function sizeScore(found: FoundSize, lost: FoundSize | null): number {
  if (lost === null) return UNKNOWN_SHARE;
  const apart = Math.abs(SIZES.indexOf(found) - SIZES.indexOf(lost));
  return apart === 0 ? 1 : apart === 1 ? 0.3 : 0;
}

export interface MatchResult {
  score: number;
  distanceKm: number;
}

/** The pair's score and distance, or null when it is no candidate (another type, too far, found before lost). */
export function matchScore(found: FoundFacts, lost: LostFacts): MatchResult | null {
  if (found.petTypeId !== lost.petTypeId) return null;
  const km = distanceKm(found, lost);
  if (km > MAX_DISTANCE_KM) return null;
  const days = dayNumber(found.foundDate) - dayNumber(lost.lostDate);
  if (!(days >= 0 && days <= FOUND_REPORT_DAYS)) return null;
  // a breed one side could not tell (no guess, or the type's "Unknown") is part of its weight, never a match
  const breedUnknown = found.petBreedId === null || isUnknownBreed(found.petBreedId) || isUnknownBreed(lost.petBreedId);
  const breed = breedUnknown ? UNKNOWN_SHARE : found.petBreedId === lost.petBreedId ? 1 : 0;
  const score =
    WEIGHTS.distance * 0.5 ** (km / DISTANCE_HALF_KM) +
    WEIGHTS.days * 0.5 ** (days / DAYS_HALF) +
    WEIGHTS.breed * breed +
    WEIGHTS.colors * colorScore(found, lost) +
    WEIGHTS.size * sizeScore(found.size, lost.size);
  return { score: Math.round(score), distanceKm: Math.round(km * 10) / 10 };
}

/** Body weight bands of a size, by pet type (dogs and cats; other types: unknown), in kg. */
const SIZE_BANDS: Record<number, readonly [number, number]> = { 1: [10, 25], 2: [3.5, 6] };

/** A pet's size from its latest weight in kg (null: no weight, or a type without bands). */
export function sizeFromWeight(petTypeId: number, kg: number | null): FoundSize | null {
  const bands = SIZE_BANDS[petTypeId];
  if (!bands || kg === null || !Number.isFinite(kg) || kg <= 0) return null;
  return kg < bands[0] ? 'small' : kg < bands[1] ? 'medium' : 'large';
}
