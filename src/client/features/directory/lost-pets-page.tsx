import { PetListing } from '#client/features/directory/pet-listing';

/** /lost: lost pets. */
export default function LostPetsPage() {
  return <PetListing kind="lost" />;
}
