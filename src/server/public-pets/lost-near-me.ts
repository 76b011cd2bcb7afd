import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { NearMePosition } from '#shared/contract/near-me';
import type { Db } from '#server/db/client';
import { lostPetDetails, petBreeds, petProfiles } from '#server/db/schema';
import { chordTo, geoPoint } from '#server/geo/near-me';

/** What a listing card shows of a pet and its breed (both public listings). */
export const listedPetColumns = {
  petId: petProfiles.id,
  publicId: petProfiles.publicId,
  petName: petProfiles.name,
  imagePath: petProfiles.imagePath,
  dob: petProfiles.dob,
  petBreedId: petBreeds.id,
  petBreedTitle: petBreeds.title,
};

/**
 * The first candidate set, in last-seen places per row of the page's end: enough for the lost pets of the
 * type among the nearest places in the demo's and the scale benchmark's mixes. Each further round takes
 * CANDIDATE_GROWTH times more; after CANDIDATE_ROUNDS the last round takes every place.
 */
const CANDIDATES_PER_ROW = 10;
const MIN_CANDIDATES = 64;
const CANDIDATE_GROWTH = 8;
const CANDIDATE_ROUNDS = 2;

/**
 * One page of lost pets near `here` (of the type, lost, not deleted: `ofType`), nearest last-seen place
 * first, ties by pet id; docs/decisions/0192.
 *
 * A join of lost_pet_details and pet_profiles ordered by distance lets the planner read every lost pet of
 * the type and sort them (20,000 at a million pets). So the nearest `candidates` places come first from
 * lost_pet_details_near_idx (a KNN scan that stops after them), and only those are joined to their pets,
 * ordered and paged. The page is exact when the candidates were all the places there are, or when the
 * page is full and its last pet is strictly nearer than the farthest candidate (every place at or before
 * it was a candidate, ties included). Otherwise a larger set is taken, and at last all of them.
 */
export async function lostPetsNear(
  db: Db,
  here: NearMePosition,
  ofType: SQL | undefined,
  page: { limit: number; skip: number },
) {
  let candidates: number | null = Math.max(MIN_CANDIDATES, (page.skip + page.limit) * CANDIDATES_PER_ROW);
  for (let round = 0; ; round++) {
    const rows = await nearestPage(db, here, ofType, page, candidates);
    if (candidates === null) return rows;
    const last = rows.at(-1);
    const exact =
      last !== undefined &&
      (last.candidates < candidates || (rows.length === page.limit && last.chordKm < last.reachKm));
    if (exact) return rows;
    candidates = round + 1 < CANDIDATE_ROUNDS ? candidates * CANDIDATE_GROWTH : null;
  }
}

/** The page among the `candidates` nearest last-seen places (all of them: null), with how many and how far they reach. */
function nearestPage(
  db: Db,
  here: NearMePosition,
  ofType: SQL | undefined,
  page: { limit: number; skip: number },
  candidates: number | null,
) {
  const chord = chordTo(geoPoint(lostPetDetails.latitude, lostPetDetails.longitude), here);
  const nearQuery = db
    .select({
      petProfileId: lostPetDetails.petProfileId,
      chordKm: sql<number>`${chord}`.as('chord_km'),
      lostDate: lostPetDetails.lostDate,
      lostAddress: lostPetDetails.address,
    })
    .from(lostPetDetails)
    .where(and(isNotNull(lostPetDetails.latitude), isNotNull(lostPetDetails.longitude)))
    .orderBy(chord)
    .$dynamic();
  const near = db.$with('near').as(candidates === null ? nearQuery : nearQuery.limit(candidates));
  return db
    .with(near)
    .select({
      ...listedPetColumns,
      chordKm: near.chordKm,
      lostDate: near.lostDate,
      lostAddress: near.lostAddress,
      candidates: sql<number>`(select count(*)::int from ${near})`,
      reachKm: sql<number>`(select max(${near.chordKm}) from ${near})`,
    })
    .from(near)
    .innerJoin(petProfiles, eq(petProfiles.id, near.petProfileId))
    .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
    .where(ofType)
    .orderBy(asc(near.chordKm), asc(petProfiles.id))
    .limit(page.limit)
    .offset(page.skip);
}
