import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { LegalDocument, type LegalKind } from '#shared/contract/legal';
import { legalDocuments } from '../db/schema';
import { envelopeSchema, ok } from '../http/envelope';
import { UserError } from '../http/errors';
import { cacheTag, publicCache } from '../cache/public-cache';

const DOCS: { kind: LegalKind; path: string; summary: string; missing: string }[] = [
  { kind: 'privacy', path: API.privacyPolicy, summary: 'The privacy policy (HTML)', missing: 'The privacy policy is not available.' },
  { kind: 'terms', path: API.termsAndConditions, summary: 'The terms and conditions (HTML)', missing: 'The terms and conditions are not available.' },
];

const legalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = publicCache(app);
  for (const doc of DOCS) {
    app.get(
      routePath(doc.path),
      { schema: { tags: ['Legal documents'], summary: doc.summary, response: { 200: envelopeSchema(LegalDocument) } } },
      async () => {
        const html = await cache.get(`legal:${doc.kind}`, async () => {
          const [row] = await app.db.select({ htmlContent: legalDocuments.htmlContent }).from(legalDocuments).where(eq(legalDocuments.kind, doc.kind)).limit(1);
          return row?.htmlContent ?? null;
        }, [cacheTag.legal]);
        if (html === null) throw new UserError(doc.missing);
        return ok({ htmlContent: html });
      },
    );
  }
};

export default legalRoutes;
