import { ProviderListing } from './provider-listing';

/** /groomers */
export default function GroomersPage() {
  return <ProviderListing kind="groomer" />;
}
