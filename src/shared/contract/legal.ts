import { Type, type Static } from '@sinclair/typebox';

/** Server-provided HTML; the client sanitises it (DOMPurify) before rendering. */
export const LegalDocument = Type.Object({ htmlContent: Type.String() });
export type LegalDocument = Static<typeof LegalDocument>;

export const LEGAL_KINDS = ['privacy', 'terms'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
