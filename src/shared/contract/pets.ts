import { Type, type Static } from '@sinclair/typebox';
import { Int32, Nullable } from '#shared/contract/schema-parts';
import { DistanceKm, NearMeQueryFields } from '#shared/contract/near-me';

/**
 * GetPetsForAdoption and GetLostPets. `offset` is the 1-based page; values below 1 count as 1,
 * pages beyond MAX_PAGE answer an empty list; `limit` defaults to PAGE_SIZE and is capped at MAX_PAGE_SIZE.
 */
export const PetListQuery = Type.Object({
  petTypeId: Type.Optional(Type.Integer({ ...Int32, default: 1, description: 'pet type id (default 1)' })),
  offset: Type.Optional(Type.Integer({ default: 1, description: '1-based page number' })),
  limit: Type.Optional(Type.Integer({ default: 4, description: 'page size (capped)' })),
  searchTerm: Type.Optional(Type.String({ maxLength: 200, description: 'part of the pet name; empty = all' })),
});
export type PetListQuery = Static<typeof PetListQuery>;

/**
 * GetLostPets: PetListQuery plus "near me" (latitude and longitude, both or neither). With them the
 * page holds the pets nearest their last-seen place first, still grouped by breed: pets inside a
 * group nearest first with distanceKm, groups ordered by their nearest pet.
 */
export const LostPetListQuery = Type.Object({ ...PetListQuery.properties, ...NearMeQueryFields });
export type LostPetListQuery = Static<typeof LostPetListQuery>;

export const PetCard = Type.Object({
  petId: Type.Integer(),
  publicId: Type.String(),
  petName: Type.String(),
  /** address under the site ("/media/..."); the bare media base means "no image" */
  petImage: Type.String(),
  /** whole years */
  age: Type.Integer(),
  /** GetLostPets near me only: km from the visitor to the last-seen place (null when it has no position) */
  distanceKm: DistanceKm,
  /**
   * Pawtal addition, GetLostPets only: when the pet was last seen (yyyy-mm-dd; null when not recorded), as its
   * profile's lostPetDetails.lostDate
   */
  lostDate: Type.Optional(Nullable(Type.String())),
  /**
   * Pawtal addition, GetLostPets only: where it was last seen ("" when not recorded), as its profile's
   * lostPetDetails.address
   */
  lostAddress: Type.Optional(Type.String()),
});
export type PetCard = Static<typeof PetCard>;

/**
 * One page of pets (ordered by breed id, which follows the breed titles within a type, then pet id), grouped by breed.
 */
export const PetGroup = Type.Object({
  petBreedId: Type.Integer(),
  petBreedTitle: Type.String(),
  pets: Type.Array(PetCard),
});
export type PetGroup = Static<typeof PetGroup>;

/**
 * A public ID as stored: public IDs are matched without regard to case ("demo0002" finds DEMO0002);
 * the database keeps them in capitals (a check constraint) so its unique index serves the lookup. IDs are letters and
 * digits only, and a tag prints them in groups, so the spaces and hyphens people type between groups are dropped
 * ("DEMO 0001", "demo-0002": issue 36, item 7).
 */
export function normalizePublicId(publicId: string): string {
  return publicId.replace(/[\s\-\u2010-\u2015]+/gu, '').toUpperCase();
}

/**
 * GetPetDetailsByPublicId. petProfileId and publicId: either or both (both must name the same pet).
 * Empty values, "null" and "undefined" count as absent. latitude/longitude: the visitor's position
 * (0,0 or unparsable = none); stored as a sighting for the owner of a lost pet only.
 */
export const PetDetailsQuery = Type.Object({
  petProfileId: Type.Optional(Type.String({ maxLength: 10, pattern: '^(\\d{0,9}|null|undefined)$' })),
  publicId: Type.Optional(Type.String({ maxLength: 64 })),
  profileNeeded: Type.Optional(Type.String({ maxLength: 10 })),
  latitude: Type.Optional(Type.String({ maxLength: 40 })),
  longitude: Type.Optional(Type.String({ maxLength: 40 })),
});
export type PetDetailsQuery = Static<typeof PetDetailsQuery>;

export const PetSkill = Type.Object({ id: Type.Integer(), title: Type.String(), image: Type.String() });
export type PetSkill = Static<typeof PetSkill>;

export const LostPetDetails = Type.Object({
  /** yyyy-mm-dd */
  lostDate: Type.String(),
  contactPhoneNumber: Type.String(),
  address: Type.String(),
  reward: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type LostPetDetails = Static<typeof LostPetDetails>;

export const PetDetails = Type.Object({
  petId: Type.Integer(),
  petName: Type.String(),
  age: Type.Integer(),
  petBreed: Type.String(),
  /** Pawtal addition: the breed's and type's ids (their titles in the reader's language: locales/<lang>/data.json) */
  petBreedId: Type.Integer(),
  petTypeId: Type.Integer(),
  petImage: Type.String(),
  /** yyyy-mm-dd or null */
  dob: Nullable(Type.String()),
  /** latest weight record, e.g. "12.5 kg"; null when none or when the records are private */
  weight: Nullable(Type.String()),
  /** Pawtal addition: the latest weight's value as recorded ("12.5") and its unit's id, null like weight */
  weightValue: Nullable(Type.String()),
  weightUnitId: Nullable(Type.Integer()),
  petGender: Type.Union([Type.Literal('Male'), Type.Literal('Female')]),
  color: Nullable(Type.String()),
  microChipId: Nullable(Type.String()),
  publicId: Type.String(),
  isSterilized: Nullable(Type.Boolean()),
  bloodType: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isLost: Type.Boolean(),
  isForAdoption: Type.Boolean(),
  isRecordsPrivate: Type.Boolean(),
  /** the owner's username, or the shelter's name for shelter pets */
  ownerName: Type.String(),
  /** spelled so in the contract (SPEC.md §3) */
  ownderContactPhone: Nullable(Type.String()),
  ownerContactEmail: Nullable(Type.String()),
  petSkills: Type.Array(PetSkill),
  lostPetDetails: Nullable(LostPetDetails),
  /**
   * Pawtal addition: present when this request's position was stored as a sighting; true when the owner will get an
   * e-mail about it
   */
  ownerNotified: Type.Optional(Type.Boolean()),
});
export type PetDetails = Static<typeof PetDetails>;
