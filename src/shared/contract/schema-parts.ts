/** The building blocks every contract module's schemas are made of (SPEC.md §3: ids are 32-bit integers). */
import { Type, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';

/** The range of a 32-bit integer, as TypeBox options. */
export const Int32 = { minimum: -2147483648, maximum: 2147483647 } as const;
/** A row's id: a positive 32-bit integer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** 'YYYY-MM-DD' (whether the day exists is checked by the handlers). */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** A portal list's page (`offset`, 1-based) and its size (`limit`). */
export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: '1-based page number' });
export const Limit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE, description: 'page size' });

/**
 * The pet as every portal visit and reminder answer, and the pet details, show it: name, age, type with its icon and
 * breed (ids too: their titles in the reader's language come from locales/<lang>/data.json).
 */
export const PetSummaryFields = {
  petName: Type.String(),
  age: Nullable(Type.Integer()),
  petType: Type.String(),
  petTypeId: Id,
  petTypeImage: Type.String(),
  petBreed: Type.String(),
  petBreedId: Id,
};
