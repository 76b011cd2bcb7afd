import { LegalDocumentView } from './legal-document-view';

/** /PrivacyPolicy */
export default function PrivacyPolicyPage() {
  return <LegalDocumentView kind="privacy" />;
}
