import { ProviderDetailPage } from './provider-detail-page';

/** /pet-groomer/:id */
export default function GroomerPage() {
  return <ProviderDetailPage kind="groomer" />;
}
