import { ProviderDetailPage } from './provider-detail-page';

/** /pet-vet/:id */
export default function VetPage() {
  return <ProviderDetailPage kind="vet" />;
}
