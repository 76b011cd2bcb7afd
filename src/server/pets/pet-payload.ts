import { ValidationError } from 'yup';
import { petFormSchema, type PetFormValues } from '#shared/forms/pet-form';
import { withoutInheritedKeys } from '#shared/forms/plain-input';
import { parseWholeNumber } from '#shared/contract/input-rules';
import type { SharedMessageKey } from '#server/http/messages';
import { UserError } from '#server/http/errors';
import { BadRequestError } from '#server/media/multipart';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The json part of CreateVetPet / UpdateVetPet checked with the shared pet form schema: a broken
 * rule is result 0 with SPEC.md's English message. Unknown fields are dropped (no mass assignment).
 */
export async function parsePetPayload(raw: unknown): Promise<PetFormValues> {
  if (!isPlainObject(raw)) throw new BadRequestError('Invalid json: expected an object');
  // Only the form's own fields are read: no mass assignment, and no key such as "toString" that
  // yup would look up on Object.prototype (a TypeError, i.e. a 5xx, inside yup).
  const fields = Object.keys(petFormSchema.fields);
  // Values too: an object such as {"toString":1} in place of a string makes yup's message printer throw.
  const picked = withoutInheritedKeys(Object.fromEntries(fields.filter((k) => Object.hasOwn(raw, k)).map((k) => [k, raw[k]])));
  try {
    return await petFormSchema.validate(picked, { abortEarly: true, stripUnknown: true });
  } catch (err) {
    if (err instanceof ValidationError) throw new UserError(`portal:${err.message}` as SharedMessageKey);
    throw err;
  }
}

/** UpdateVetPet: the pet form plus the id of the pet (null when it is not a valid id). */
export async function parsePetUpdatePayload(raw: unknown): Promise<PetFormValues & { petProfileId: number | null }> {
  const values = await parsePetPayload(raw);
  const v = isPlainObject(raw) ? raw.petProfileId : undefined;
  return { ...values, petProfileId: parseWholeNumber(v, 1) };
}
