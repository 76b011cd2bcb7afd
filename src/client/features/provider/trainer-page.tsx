import { ProviderDetailPage } from './provider-detail-page';

/** /pet-trainer/:id */
export default function TrainerPage() {
  return <ProviderDetailPage kind="trainer" />;
}
