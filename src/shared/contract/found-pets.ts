/**
 * Found pets (issue 34): the finder's report, its public listing and page, the finder's private link (confirm,
 * manage, matches). Places in public answers are rounded to about 500 m (docs/decisions/0150).
 */
import { Type, type Static } from '@sinclair/typebox';
import { FOUND_COLORS, FOUND_REPORT_ACTIONS, FOUND_REPORT_STATUSES, FOUND_SIZES } from '#shared/found-pets';
import { DistanceKm, NearMeQueryFields } from '#shared/contract/near-me';
import { Id, Int32, Nullable } from '#shared/contract/schema-parts';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Color = literals(FOUND_COLORS, 'a colour name');
const Size = literals(FOUND_SIZES, 'small, medium or large');
/** The link of the finder's e-mail (random, stored hashed). */
const Token = Type.String({ maxLength: 200, description: "the private link's token" });

/**
 * GetFoundPets: open reports, newest found first; with latitude and longitude (both or neither), nearest their
 * rounded place first, each with distanceKm. petTypeId empty: every type. offset is the 1-based page.
 */
export const FoundPetsQuery = Type.Object({
  petTypeId: Type.Optional(Type.Integer({ ...Int32, description: 'pet type id; empty: every type' })),
  offset: Type.Optional(Type.Integer({ default: 1, description: '1-based page number' })),
  limit: Type.Optional(Type.Integer({ default: 4, description: 'page size (capped)' })),
  ...NearMeQueryFields,
});
export type FoundPetsQuery = Static<typeof FoundPetsQuery>;

const FoundPetFacts = {
  foundPetId: Type.Integer(),
  petTypeId: Type.Integer(),
  /** the finder's breed guess (its title in the reader's language: locales/<lang>/data.json); null: not given */
  petBreedId: Nullable(Type.Integer()),
  petBreed: Nullable(Type.String()),
  colors: Type.Array(Color),
  size: Size,
  /** yyyy-mm-dd */
  foundDate: Type.String(),
};

export const FoundPetCard = Type.Object({
  ...FoundPetFacts,
  /** the first photo's address under the site */
  photo: Type.String(),
  /** the place rounded to about 500 m */
  latitude: Type.Number(),
  longitude: Type.Number(),
  distanceKm: DistanceKm,
});
export type FoundPetCard = Static<typeof FoundPetCard>;

/** GetFoundPet: one report's public page. */
export const FoundPetQuery = Type.Object({ foundPetId: Id });
export type FoundPetQuery = Static<typeof FoundPetQuery>;

export const FoundPetDetails = Type.Object({
  ...FoundPetFacts,
  /** open: still looking for its family; reunited: found them (the page stays up until it expires) */
  status: Type.Union([Type.Literal('open'), Type.Literal('reunited')]),
  /** what the finder wrote (any e-mail address in it is hidden) */
  note: Type.String(),
  photos: Type.Array(Type.String()),
  /** the place rounded to about 500 m */
  latitude: Type.Number(),
  longitude: Type.Number(),
});
export type FoundPetDetails = Static<typeof FoundPetDetails>;

/** The report as its finder's link shows it: every state, the exact place they gave, when it expires. */
export const ManagedFoundPet = Type.Object({
  ...FoundPetFacts,
  status: literals(FOUND_REPORT_STATUSES, 'pending, open, reunited, withdrawn or expired'),
  note: Type.String(),
  photos: Type.Array(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** ISO 8601; null until confirmed */
  expiresAt: Nullable(Type.String()),
});
export type ManagedFoundPet = Static<typeof ManagedFoundPet>;

export const FoundPetReported = Type.Object({ foundPetId: Type.Integer() });
export type FoundPetReported = Static<typeof FoundPetReported>;

export const ConfirmFoundPetBody = Type.Object({ token: Token });
export type ConfirmFoundPetBody = Static<typeof ConfirmFoundPetBody>;

export const ManageFoundPetBody = Type.Object({
  foundPetId: Id,
  token: Token,
  action: literals(FOUND_REPORT_ACTIONS, 'reunited: the pet is home; withdraw: take it down; renew: 60 more days'),
});
export type ManageFoundPetBody = Static<typeof ManageFoundPetBody>;

export const FoundPetMatchesQuery = Type.Object({ foundPetId: Id, token: Token });
export type FoundPetMatchesQuery = Static<typeof FoundPetMatchesQuery>;

/** A lost pet that may be the found one, best first. */
export const FoundPetMatch = Type.Object({
  petId: Type.Integer(),
  publicId: Type.String(),
  petName: Type.String(),
  /** 0-100 (docs/decisions/0151) */
  score: Type.Integer(),
  /** km from the finder's place to where the pet was lost */
  distanceKm: Type.Number(),
  /** Pawtal addition: the lost pet's photo address */
  petImage: Type.String(),
});
export type FoundPetMatch = Static<typeof FoundPetMatch>;

/** A found report that may be the owner's lost pet, as the owner's sightings page lists it (the exact place). */
export const FoundCandidate = Type.Object({
  ...FoundPetFacts,
  score: Type.Integer(),
  distanceKm: Type.Number(),
  photo: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
});
export type FoundCandidate = Static<typeof FoundCandidate>;
