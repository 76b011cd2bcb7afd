import { PetListing, prefetchPetListing } from '#client/features/directory/pet-listing';

/** /lost: lost pets. */
export default function LostPetsPage() {
  return <PetListing kind="lost" />;
}

export const prefetch = prefetchPetListing('lost');
