import { ProviderDetailPage } from './provider-detail';

/** /pet-trainer/:id */
export default function TrainerPage() {
  return <ProviderDetailPage kind="trainer" />;
}
