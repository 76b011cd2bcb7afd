import { prefetchProviderListing, ProviderListing } from '#client/features/directory/provider-listing';

/** /vets */
export default function VetsPage() {
  return <ProviderListing kind="vet" />;
}

export const prefetch = prefetchProviderListing('vet');
