import { PetListing } from './pet-listing';

/** /adopt: pets for adoption. */
export default function AdoptionPage() {
  return <PetListing kind="adoption" />;
}
