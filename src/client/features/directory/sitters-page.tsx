import { ProviderListing } from './provider-listing';

/** /sitters */
export default function SittersPage() {
  return <ProviderListing kind="sitter" />;
}
