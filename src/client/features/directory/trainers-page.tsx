import { ProviderListing } from '#client/features/directory/provider-listing';

/** /trainers */
export default function TrainersPage() {
  return <ProviderListing kind="trainer" />;
}
