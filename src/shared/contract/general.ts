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

export const Breed = Type.Object({ id: Type.Integer(), title: Type.String() });
export type Breed = Static<typeof Breed>;

export const PetBreedsQuery = Type.Object({ PetTypeId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type PetBreedsQuery = Static<typeof PetBreedsQuery>;
