import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { LegalDocument, LegalDocumentQuery, type LegalKind } from '#shared/contract/legal';
import { legalDocuments } from '#server/db/schema';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { requestLanguage } from '#server/http/request-language';
import type { ServerMessageKey } from '#server/http/messages';
import { cacheTag, publicCache } from '#server/cache/public-cache';

const DOCS: { kind: LegalKind; path: string; summary: string; missing: ServerMessageKey }[] = [
  { kind: 'privacy', path: API.privacyPolicy, summary: 'The privacy policy (HTML)', missing: 'privacyMissing' },
  { kind: 'terms', path: API.termsAndConditions, summary: 'The terms and conditions (HTML)', missing: 'termsMissing' },
];

const legalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = publicCache(app);
  for (const doc of DOCS) {
    app.get(
      routePath(doc.path),
      { schema: { tags: ['Legal documents'], summary: doc.summary, querystring: LegalDocumentQuery, response: { 200: envelopeSchema(LegalDocument) } } },
      async (request) => {
        // In the visitor's language (?lang, cookie, Accept-Language), English when that language has no version.
        const language = requestLanguage(request);
        const html = await cache.get(`legal:${doc.kind}:${language}`, async () => {
          const rows = await app.db
            .select({ language: legalDocuments.language, htmlContent: legalDocuments.htmlContent })
            .from(legalDocuments)
            .where(and(eq(legalDocuments.kind, doc.kind), inArray(legalDocuments.language, [...new Set([language, 'en'])])));
          return (rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'en'))?.htmlContent ?? null;
        }, [cacheTag.legal]);
        if (html === null) throw new UserError(doc.missing);
        return ok({ htmlContent: html });
      },
    );
  }
};

export default legalRoutes;
