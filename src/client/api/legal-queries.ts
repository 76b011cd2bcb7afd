import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { LegalKind } from '#shared/contract/legal';
import { apiGet } from '#client/api/client';

const legalPaths: Record<LegalKind, typeof API.privacyPolicy | typeof API.termsAndConditions> = {
  privacy: API.privacyPolicy,
  terms: API.termsAndConditions,
};

/**
 * GetPrivacyPolicy / GetTermsAndConditions in the visitor's language (English when it has none): server HTML, sanitised
 * by the page before rendering.
 */
export function legalDocumentQuery(kind: LegalKind, language: string) {
  return queryOptions({
    queryKey: ['legal-document', kind, language] as const,
    queryFn: ({ signal }) => apiGet(legalPaths[kind], { lang: language }, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function useLegalDocument(kind: LegalKind, language: string) {
  return useQuery(legalDocumentQuery(kind, language));
}
