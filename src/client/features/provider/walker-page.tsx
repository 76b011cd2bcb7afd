import { ProviderDetailPage } from './provider-detail';

/** /pet-walker/:id */
export default function WalkerPage() {
  return <ProviderDetailPage kind="walker" />;
}
