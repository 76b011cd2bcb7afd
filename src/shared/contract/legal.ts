import { Type, type Static } from '@sinclair/typebox';

/** Server-provided HTML; the client sanitises it (DOMPurify) before rendering. */
export const LegalDocument = Type.Object({ htmlContent: Type.String() });
export type LegalDocument = Static<typeof LegalDocument>;

export type LegalKind = 'privacy' | 'terms';

/**
 * ?lang= names the document's language (else the language cookie, then Accept-Language; English when that language has
 * no version).
 */
export const LegalDocumentQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 200, description: 'language code, e.g. es' })),
});
export type LegalDocumentQuery = Static<typeof LegalDocumentQuery>;
