import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { LegalDocument, LegalKind } from '#shared/contract/legal';
import { apiGet } from './client';

const legalPaths: Record<LegalKind, string> = { privacy: API.privacyPolicy, terms: API.termsAndConditions };

/** GetPrivacyPolicy / GetTermsAndConditions: server HTML, sanitised by the page before rendering. */
export function legalDocumentQuery(kind: LegalKind) {
  return queryOptions({
    queryKey: ['legal-document', kind] as const,
    queryFn: ({ signal }) => apiGet<LegalDocument>(legalPaths[kind], undefined, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function useLegalDocument(kind: LegalKind) {
  return useQuery(legalDocumentQuery(kind));
}
