import { ProviderListing } from '#client/features/directory/provider-listing';

/** /walkers */
export default function WalkersPage() {
  return <ProviderListing kind="walker" />;
}
