import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, routePath } from '#shared/contract/paths';
import { LegalDocument, LegalDocumentQuery, type LegalKind } from '#shared/contract/legal';
import { envelopeSchema, ok } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { requestLanguage } from '#server/http/request-language';
import type { ServerMessageKey } from '#server/http/messages';
import { loadLegalDocument } from '#server/reference/legal-documents';

const DOCS: { kind: LegalKind; path: string; summary: string; missing: ServerMessageKey }[] = [
  { kind: 'privacy', path: API.privacyPolicy, summary: 'The privacy policy (HTML)', missing: 'privacyMissing' },
  { kind: 'terms', path: API.termsAndConditions, summary: 'The terms and conditions (HTML)', missing: 'termsMissing' },
];

const legalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const doc of DOCS) {
    app.get(
      routePath(doc.path),
      {
        schema: {
          tags: ['Legal documents'],
          summary: doc.summary,
          querystring: LegalDocumentQuery,
          response: { 200: envelopeSchema(LegalDocument) },
        },
      },
      async (request) => {
        // In the visitor's language (?lang, cookie, Accept-Language), English when that language has no version.
        const html = await loadLegalDocument(app, doc.kind, requestLanguage(request));
        if (html === null) throw new UserError(doc.missing);
        return ok({ htmlContent: html });
      },
    );
  }
};

export default legalRoutes;
