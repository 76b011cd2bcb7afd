import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { LegalKind } from '#shared/contract/legal';
import type { LanguageCode } from '#shared/languages';
import { legalDocuments } from '#server/db/schema';
import { cacheTag } from '#server/cache/public-cache';

/** A legal document's HTML in `language`, English when that language has no version; null when there is none. */
export function loadLegalDocument(
  app: FastifyInstance,
  kind: LegalKind,
  language: LanguageCode,
): Promise<string | null> {
  return app.publicCache.get(
    `legal:${kind}:${language}`,
    async () => {
      const rows = await app.db
        .select({ language: legalDocuments.language, htmlContent: legalDocuments.htmlContent })
        .from(legalDocuments)
        .where(and(eq(legalDocuments.kind, kind), inArray(legalDocuments.language, [...new Set([language, 'en'])])));
      return (rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'en'))?.htmlContent ?? null;
    },
    [cacheTag.legal],
  );
}
