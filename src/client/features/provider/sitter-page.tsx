import { prefetchProviderDetail, ProviderDetailPage } from '#client/features/provider/provider-detail';

/** /pet-sitter/:id */
export default function SitterPage() {
  return <ProviderDetailPage kind="sitter" />;
}

export const prefetch = prefetchProviderDetail('sitter');
