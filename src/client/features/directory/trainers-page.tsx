import { ProviderListing } from './provider-listing';

/** /trainers */
export default function TrainersPage() {
  return <ProviderListing kind="trainer" />;
}
