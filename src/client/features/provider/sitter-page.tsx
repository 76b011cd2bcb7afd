import { ProviderDetailPage } from './provider-detail';

/** /pet-sitter/:id */
export default function SitterPage() {
  return <ProviderDetailPage kind="sitter" />;
}
