import { ProviderListing } from './provider-listing';

/** /walkers */
export default function WalkersPage() {
  return <ProviderListing kind="walker" />;
}
