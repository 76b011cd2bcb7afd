import { prefetchProviderDetail, ProviderDetailPage } from '#client/features/provider/provider-detail';

/** /pet-trainer/:id */
export default function TrainerPage() {
  return <ProviderDetailPage kind="trainer" />;
}

export const prefetch = prefetchProviderDetail('trainer');
