import { prefetchProviderListing, ProviderListing } from '#client/features/directory/provider-listing';

/** /sitters */
export default function SittersPage() {
  return <ProviderListing kind="sitter" />;
}

export const prefetch = prefetchProviderListing('sitter');
