import { Type, type Static } from '@sinclair/typebox';

export const PetType = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** address of the icon under the site ("/media/...") */
  image: Type.String(),
});
export type PetType = Static<typeof PetType>;

export const Country = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** ISO 3166-1 alpha-2, for names in the visitor's language */
  code: Type.String(),
});
export type Country = Static<typeof Country>;

/** The directories with a country filter: the five provider kinds and the shelters of /AnimalHouse. */
const DIRECTORIES = ['sitter', 'trainer', 'walker', 'groomer', 'vet', 'shelter'] as const;
export type Directory = (typeof DIRECTORIES)[number];

export const DirectoryCountriesQuery = Type.Object({
  directory: Type.Union(
    DIRECTORIES.map((d) => Type.Literal(d)),
    { description: 'sitter, trainer, walker, groomer, vet or shelter' },
  ),
});
export type DirectoryCountriesQuery = Static<typeof DirectoryCountriesQuery>;

/** A country with providers (or shelters) in a directory, and how many. */
export const DirectoryCountry = Type.Object({ id: Type.Integer(), count: Type.Integer() });
export type DirectoryCountry = Static<typeof DirectoryCountry>;

export const Breed = Type.Object({ id: Type.Integer(), title: Type.String() });
export type Breed = Static<typeof Breed>;

export const PetBreedsQuery = Type.Object({ PetTypeId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type PetBreedsQuery = Static<typeof PetBreedsQuery>;
