import { prefetchProviderDetail, ProviderDetailPage } from '#client/features/provider/provider-detail';

/** /pet-groomer/:id */
export default function GroomerPage() {
  return <ProviderDetailPage kind="groomer" />;
}

export const prefetch = prefetchProviderDetail('groomer');
