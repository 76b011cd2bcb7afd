import { ProviderDetailPage } from './provider-detail-page';

/** /pet-sitter/:id */
export default function SitterPage() {
  return <ProviderDetailPage kind="sitter" />;
}
