import { ProviderDetailPage } from './provider-detail';

/** /pet-vet/:id */
export default function VetPage() {
  return <ProviderDetailPage kind="vet" />;
}
