import { ProviderDetailPage } from './provider-detail';

/** /pet-groomer/:id */
export default function GroomerPage() {
  return <ProviderDetailPage kind="groomer" />;
}
