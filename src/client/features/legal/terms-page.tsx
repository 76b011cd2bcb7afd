import { LegalDocumentView, prefetchLegalDocument } from '#client/features/legal/legal-document-view';

/** /TermsAndConditions */
export default function TermsPage() {
  return <LegalDocumentView kind="terms" />;
}

export const prefetch = prefetchLegalDocument('terms');
