import { prefetchProviderDetail, ProviderDetailPage } from '#client/features/provider/provider-detail';

/** /pet-vet/:id */
export default function VetPage() {
  return <ProviderDetailPage kind="vet" />;
}

export const prefetch = prefetchProviderDetail('vet');
