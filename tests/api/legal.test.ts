import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { legalDocuments } from '#server/db/schema';
import { cacheTag, invalidatePublicCache } from '#server/cache/public-cache';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';

describeOnBothDatabases('Legal documents API', (ctx) => {
  const api = injectApi(() => ctx().app);
  for (const [path, heading] of [
    [API.privacyPolicy, /privacy/i],
    [API.termsAndConditions, /terms/i],
  ] as const) {
    it(`${path} answers data.htmlContent`, async () => {
      const res = await api.get(path);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.result).toBe(1);
      expect(Object.keys(body.data)).toEqual(['htmlContent']);
      expect(body.data.htmlContent).toMatch(/<h1>/);
      expect(body.data.htmlContent).toMatch(heading);
    });
  }

  for (const [language, heading] of [
    ['es', '<h1>Política de privacidad</h1>'],
    ['ar', '<h1>سياسة الخصوصية</h1>'],
    ['en', '<h1>Privacy Policy</h1>'],
    ['fr', '<h1>Politique de confidentialité</h1>'],
    ['de', '<h1>Datenschutzerklärung</h1>'],
    ['pt', '<h1>Política de Privacidade</h1>'],
    ['it', '<h1>Informativa sulla privacy</h1>'],
    ['tr', '<h1>Gizlilik Politikası</h1>'],
    ['zh', '<h1>隐私政策</h1>'],
    ['hi', '<h1>गोपनीयता नीति</h1>'],
  ] as const) {
    it(`serves the privacy policy in ${language} to a visitor reading ${language} (issues 11, 23)`, async () => {
      const byHeader = await api.get(API.privacyPolicy, undefined, {
        headers: { 'accept-language': `${language},en;q=0.5` },
      });
      expect(byHeader.json().data.htmlContent).toContain(heading);
      const byQuery = await api.get(API.privacyPolicy, { lang: language });
      expect(byQuery.json().data.htmlContent).toContain(heading);
    });
  }

  it('falls back to English for a language without its own version', async () => {
    const res = await api.get(API.termsAndConditions, undefined, { headers: { 'accept-language': 'nl' } });
    expect(res.json().data.htmlContent).toContain('<h1>Terms and Conditions</h1>');
    const s = ctx();
    const saved = await s.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'terms'), eq(legalDocuments.language, 'ar')));
    await s.db.delete(legalDocuments).where(and(eq(legalDocuments.kind, 'terms'), eq(legalDocuments.language, 'ar')));
    await api.post(API.verifyEmail, { verificationToken: 'x' });
    const ar = await api.get(API.termsAndConditions, { lang: 'ar' });
    expect(ar.json().data.htmlContent).toContain('<h1>Terms and Conditions</h1>');
    await s.db.insert(legalDocuments).values(saved);
    await api.post(API.verifyEmail, { verificationToken: 'x' });
  });

  it('answers a message in the language of the request: "Pet not found." in Spanish (issue 11)', async () => {
    const res = await api.get(
      API.petDetailsByPublicId,
      { publicId: 'NOPE9999' },
      { headers: { 'accept-language': 'es-ES,es;q=0.9' } },
    );
    expect(res.json()).toEqual({ result: 0, message: 'No se encontró la mascota.', data: null });
    const en = await api.get(API.petDetailsByPublicId, { publicId: 'NOPE9999' });
    expect(en.json().message).toBe('Pet not found.');
  });

  it('answers result 0 when a document is missing', async () => {
    const s = ctx();
    const saved = await s.db.select().from(legalDocuments).where(eq(legalDocuments.kind, 'terms'));
    await s.db.delete(legalDocuments).where(eq(legalDocuments.kind, 'terms'));
    // The delete bypassed HTTP (and, on the app's own connection, the change-notice triggers): say so.
    await invalidatePublicCache(s.app, [cacheTag.legal]);
    const res = await api.get(API.termsAndConditions);
    expect(res.json()).toEqual({ result: 0, message: 'The terms and conditions are not available.', data: null });
    await s.db.insert(legalDocuments).values(saved);
  });
});
