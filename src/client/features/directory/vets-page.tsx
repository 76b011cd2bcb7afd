import { ProviderListing } from './provider-listing';

/** /vets */
export default function VetsPage() {
  return <ProviderListing kind="vet" />;
}
