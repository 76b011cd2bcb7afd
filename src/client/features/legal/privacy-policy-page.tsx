import { LegalDocumentView, prefetchLegalDocument } from '#client/features/legal/legal-document-view';

/** /PrivacyPolicy */
export default function PrivacyPolicyPage() {
  return <LegalDocumentView kind="privacy" />;
}

export const prefetch = prefetchLegalDocument('privacy');
