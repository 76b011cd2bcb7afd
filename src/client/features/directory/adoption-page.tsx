import { PetListing, prefetchPetListing } from '#client/features/directory/pet-listing';

/** /adopt: pets for adoption. */
export default function AdoptionPage() {
  return <PetListing kind="adoption" />;
}

export const prefetch = prefetchPetListing('adoption');
