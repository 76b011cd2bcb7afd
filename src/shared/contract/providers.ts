import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '#shared/contract/schema-parts';
import { DistanceKm, NearMeQueryFields } from '#shared/contract/near-me';

const emptyOrId = (description: string) => Type.Optional(Type.String({ pattern: '^\\d{0,9}$', description }));
const emptyOrAmount = (description: string) =>
  Type.Optional(Type.String({ pattern: '^(\\d{1,9}(\\.\\d{1,4})?)?$', description }));

/**
 * The five provider lists (and the shelters list). The client fills offset, limit and CountryId and
 * sends the rest empty; every parameter is accepted empty. `offset` is the 1-based page.
 * CurrencyId, PricingTypeId, PriceFrom and PriceTo are accepted and validated but have no effect:
 * providers carry no prices in Pawtal. latitude and longitude (both or neither): "near me", items
 * ordered by great-circle distance (providers without a position last), each with distanceKm.
 */
export const ProviderListQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ default: 1, description: '1-based page number' })),
  limit: Type.Optional(Type.Integer({ default: 4, description: 'page size (capped)' })),
  SearchTerm: Type.Optional(Type.String({ maxLength: 200, description: 'part of the name; empty = all' })),
  CurrencyId: emptyOrId('accepted, no effect'),
  PricingTypeId: emptyOrId('accepted, no effect'),
  PriceFrom: emptyOrAmount('accepted, no effect'),
  PriceTo: emptyOrAmount('accepted, no effect'),
  CountryId: emptyOrId('country id; empty = every country'),
  ...NearMeQueryFields,
});
export type ProviderListQuery = Static<typeof ProviderListQuery>;

export const ProviderListItem = Type.Object({
  ID: Type.Integer(),
  name: Type.String(),
  /** address under the site ("/media/...") */
  image: Type.String(),
  speciality: Type.String(),
  address: Type.String(),
  city: Type.String(),
  /** country title */
  country: Type.String(),
  distanceKm: DistanceKm,
});
export type ProviderListItem = Static<typeof ProviderListItem>;

export const ProviderList = Type.Object({ items: Type.Array(ProviderListItem), totalCount: Type.Integer() });
export type ProviderList = Static<typeof ProviderList>;

export const ProviderByIdQuery = Type.Object({ id: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }) });
export type ProviderByIdQuery = Static<typeof ProviderByIdQuery>;

/** Provider detail: the answer's data is a list of one. */
export const ProviderDetail = Type.Object({
  ID: Type.Integer(),
  image: Type.String(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  country: Type.String(),
  speciality: Type.String(),
  description: Type.String(),
  instagramUrl: Type.String(),
  websiteUrl: Type.String(),
  phoneNumber: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type ProviderDetail = Static<typeof ProviderDetail>;

/** Pawtal addition: GetAnimalHouses (the /AnimalHouse directory), same paging and CountryId filter. */
export const AnimalHouseListQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ default: 1, description: '1-based page number' })),
  limit: Type.Optional(Type.Integer({ default: 4, description: 'page size (capped)' })),
  SearchTerm: Type.Optional(Type.String({ maxLength: 200 })),
  CountryId: emptyOrId('country id; empty = every country'),
});
export type AnimalHouseListQuery = Static<typeof AnimalHouseListQuery>;

export const AnimalHouse = Type.Object({
  ID: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  description: Type.String(),
  address: Type.String(),
  city: Type.String(),
  country: Type.String(),
  phoneNumber: Type.String(),
  email: Type.String(),
  websiteUrl: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  /** pets of this shelter currently up for adoption */
  petsForAdoption: Type.Integer(),
});
export type AnimalHouse = Static<typeof AnimalHouse>;

export const AnimalHouseList = Type.Object({ items: Type.Array(AnimalHouse), totalCount: Type.Integer() });
export type AnimalHouseList = Static<typeof AnimalHouseList>;
