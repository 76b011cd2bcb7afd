import { ProviderDetailPage } from './provider-detail-page';

/** /pet-walker/:id */
export default function WalkerPage() {
  return <ProviderDetailPage kind="walker" />;
}
