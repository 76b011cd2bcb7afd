import { prefetchProviderDetail, ProviderDetailPage } from '#client/features/provider/provider-detail';

/** /pet-walker/:id */
export default function WalkerPage() {
  return <ProviderDetailPage kind="walker" />;
}

export const prefetch = prefetchProviderDetail('walker');
