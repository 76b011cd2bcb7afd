import { Type, type Static } from '@sinclair/typebox';
import { Int32 } from '#shared/contract/schema-parts';

export const WellnessCategory = Type.Object({ id: Type.Integer(), title: Type.String() });
export type WellnessCategory = Static<typeof WellnessCategory>;

/** Both petProfile (the pet id) and publicId are required and must belong to the same pet. */
export const WellnessCategoryTypesQuery = Type.Object({
  petProfile: Type.Integer({ ...Int32, description: 'pet id' }),
  publicId: Type.String({ minLength: 1, maxLength: 64 }),
  categoryId: Type.Integer(Int32),
});
export type WellnessCategoryTypesQuery = Static<typeof WellnessCategoryTypesQuery>;

export const WellnessRecord = Type.Object({
  id: Type.Integer(),
  /** yyyy-mm-dd */
  actionDate: Type.String(),
  recordValue: Type.String(),
  /** unit title, '' when the record has none */
  unitOfMeasure: Type.String(),
  /** Pawtal addition: the unit's id (its title in the reader's language: locales/<lang>/data.json), null when none */
  unitOfMeasureId: Type.Union([Type.Integer(), Type.Null()]),
  notes: Type.String(),
  /** whether the record has a picture */
  image: Type.Boolean(),
  /** address of the picture under the site ("/media/..."), or null */
  imagePath: Type.Union([Type.String(), Type.Null()]),
});
export type WellnessRecord = Static<typeof WellnessRecord>;

/** A category type with the pet's records (newest first). */
export const WellnessCategoryType = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  records: Type.Array(WellnessRecord),
});
export type WellnessCategoryType = Static<typeof WellnessCategoryType>;
