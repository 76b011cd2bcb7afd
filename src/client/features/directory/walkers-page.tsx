import { prefetchProviderListing, ProviderListing } from '#client/features/directory/provider-listing';

/** /walkers */
export default function WalkersPage() {
  return <ProviderListing kind="walker" />;
}

export const prefetch = prefetchProviderListing('walker');
