import { beforeAll, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { undocumentedAnswers, type AnswerSeen } from '#tests/support/documented-answers';

/**
 * Issue 35 item 8 (docs/decisions/0158): the OpenAPI document names every answer of each operation, with the
 * envelope, an operationId and a tag, and the CSV exports' media type. Every API test file checks, when its
 * server stops, that each status it received is documented (tests/support/documented-answers.ts).
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>; description?: string }
  >;
}
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

describeOnBothDatabases('The API document', (ctx) => {
  let operations: [string, Operation][] = [];
  beforeAll(async () => {
    await ctx().app.ready();
    const doc = ctx().app.swagger() as unknown as ApiDocument;
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
  });

  it('gives every operation a unique operationId, a tag and its error answers with the envelope', () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, op] of operations) {
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const status of ['400', '429', '500', '503']) {
        const answer = op.responses[status];
        expect(answer?.description, `${name} ${status}`).toBeTruthy();
        expect(Object.keys(answer?.content?.['application/json']?.schema?.properties ?? {})).toEqual([
          'result',
          'message',
          'data',
        ]);
      }
      if (name.startsWith('POST'))
        for (const status of ['408', '413', '415']) expect(op.responses[status], name).toBeTruthy();
    }
    const portal = operations.filter(([name]) => name.includes('/api/VetPets/'));
    expect(portal.every(([, op]) => op.responses['401'])).toBe(true);
    expect(operations.find(([name]) => name === `POST ${API.saveVetVisit}`)?.[1].responses['409']).toBeTruthy();
  });

  it('names the media types of a CSV export', () => {
    const exportOp = operations.find(([name]) => name === `GET ${API.exportVetPets}`)?.[1];
    expect(Object.keys(exportOp?.responses['200']?.content ?? {}).sort()).toEqual(['application/json', 'text/csv']);
  });

  it('documents the errors the API answers, and the check finds an answer it does not name', async () => {
    const seen: AnswerSeen[] = [];
    const call = async (method: 'GET' | 'POST', url: string, route: string, payload?: Record<string, unknown>) => {
      const res = await ctx().app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
      seen.push({ method, route, status: res.statusCode });
      return res.statusCode;
    };
    expect(await call('GET', API.vetPets, API.vetPets)).toBe(401);
    expect(await call('POST', API.verifyEmail, API.verifyEmail, { verificationToken: 'x'.repeat(9000) })).toBe(413);
    expect(await call('POST', API.verifyEmail, API.verifyEmail, {})).toBe(400);
    expect(undocumentedAnswers(ctx().app, seen)).toEqual([]);
    expect(undocumentedAnswers(ctx().app, [{ method: 'GET', route: API.vetPets, status: 418 }])).toEqual([
      `GET ${API.vetPets} answered 418`,
    ]);
  });
});
