import { prefetchProviderListing, ProviderListing } from '#client/features/directory/provider-listing';

/** /trainers */
export default function TrainersPage() {
  return <ProviderListing kind="trainer" />;
}

export const prefetch = prefetchProviderListing('trainer');
