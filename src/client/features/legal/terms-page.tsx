import { LegalDocumentView } from './legal-document-view';

/** /TermsAndConditions */
export default function TermsPage() {
  return <LegalDocumentView kind="terms" />;
}
