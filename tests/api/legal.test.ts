import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { legalDocuments } from '#server/db/schema';
import { describeOnBothDatabases } from '../support/databases';

describeOnBothDatabases('Legal documents API', (ctx) => {
  for (const [path, heading] of [
    [API.privacyPolicy, /privacy/i],
    [API.termsAndConditions, /terms/i],
  ] as const) {
    it(`${path} answers data.htmlContent`, async () => {
      const res = await ctx().app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.result).toBe(1);
      expect(Object.keys(body.data)).toEqual(['htmlContent']);
      expect(body.data.htmlContent).toMatch(/<h1>/);
      expect(body.data.htmlContent).toMatch(heading);
    });
  }

  it('answers result 0 when a document is missing', async () => {
    const s = ctx();
    const [saved] = await s.db.select().from(legalDocuments).where(eq(legalDocuments.kind, 'terms'));
    await s.db.delete(legalDocuments).where(eq(legalDocuments.kind, 'terms'));
    // The delete bypassed HTTP; any POST to the API empties the public cache.
    await s.app.inject({ method: 'POST', url: API.verifyEmail, payload: { verificationToken: 'x' } });
    const res = await s.app.inject({ method: 'GET', url: API.termsAndConditions });
    expect(res.json()).toEqual({ result: 0, message: 'The terms and conditions are not available.', data: null });
    await s.db.insert(legalDocuments).values(saved);
  });
});
