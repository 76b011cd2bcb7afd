import { prefetchProviderListing, ProviderListing } from '#client/features/directory/provider-listing';

/** /groomers */
export default function GroomersPage() {
  return <ProviderListing kind="groomer" />;
}

export const prefetch = prefetchProviderListing('groomer');
