/** The pet profile page's address (SPEC.md §2 "/Pets/Details"), for links, searches and share meta. */
export const PET_PROFILE_PATH = '/Pets/Details';

/** Where the visitor came from: the profile's Back button and its wording follow it. */
export type PetProfileOrigin = 'Home' | 'Adoption' | 'Lost';

/**
 * /Pets/Details?petProfileId=…&publicId=…&isFrom=… with only the parts given, in that order:
 * { publicId } from home search, { petProfileId } from adoption, both from lost pets; without
 * isFrom for a shared link.
 */
export function petProfilePath(pet: { publicId?: string; petProfileId?: number }, isFrom?: PetProfileOrigin): string {
  const query = new URLSearchParams();
  if (pet.petProfileId !== undefined) query.set('petProfileId', String(pet.petProfileId));
  if (pet.publicId !== undefined) query.set('publicId', pet.publicId);
  if (isFrom) query.set('isFrom', isFrom);
  return `${PET_PROFILE_PATH}?${query.toString()}`;
}
