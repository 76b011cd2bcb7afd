import { PetListing } from './pet-listing';

/** /lost: lost pets. */
export default function LostPetsPage() {
  return <PetListing kind="lost" />;
}
