// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { VetPetsResult } from '#shared/contract/vet';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import { injectApi } from '#tests/support/api-client';

/** What a request looked like when it arrived: the tests' client is checked against a real Fastify. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: string;
}

describe("the tests' API client", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.all('/*', async (request) => ({
      result: 1,
      message: '',
      data: { method: request.method, url: request.url, headers: request.headers, body: request.body ?? '' },
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const seen = (json: unknown) => (json as { data: Seen }).data;

  it('sends a GET query field by field (undefined left out) with the session and the acting user', async () => {
    const api = injectApi(app, () => ({ token: 't0ken' })).with({ actingUserId: 7 });
    const res = await api.get(API.vetPets, { offset: 2, searchTerm: 'a b+c', sortField: undefined });
    const arrived = seen(res.json());
    expect(arrived.method).toBe('GET');
    expect(arrived.url).toBe(`${API.vetPets}?offset=2&searchTerm=a+b%2Bc`);
    expect(arrived.headers.authorization).toBe('Bearer t0ken');
    expect(arrived.headers[ACTING_USER_HEADER]).toBe('7');
    expectTypeOf(res.json().data).toEqualTypeOf<VetPetsResult>();
  });

  it('posts JSON, multipart with the json and imageFile parts, and unchecked bodies as they are', async () => {
    const api = injectApi(app);
    const json = seen((await api.post(API.deleteVetPet, { petId: 3 })).json());
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.body).toBe('{"petId":3}');
    const form = seen((await api.postForm(API.createVetPet, { petName: 'Rex' }, [{ bytes: Buffer.from('x') }])).json());
    expect(String(form.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.body).toContain('name="json"\r\n\r\n{"petName":"Rex"}');
    expect(form.body).toContain('name="imageFile"; filename="picture-0.jpg"');
    const raw = seen((await api.send(API.deleteVetPet, { json: '{"petId":' })).json());
    expect(raw.body).toBe('{"petId":');
    const query = seen((await api.send(API.vetPets, { query: 'offset=abc' })).json());
    expect(query.url).toBe(`${API.vetPets}?offset=abc`);
    expect(query.method).toBe('GET');
  });

  it('refuses, at build time, a field the call does not have', () => {
    const api = injectApi(app);
    expectTypeOf(() =>
      // @ts-expect-error petID is not a field of DeleteVetPet's body (petId)
      api.post(API.deleteVetPet, { petID: 3 }),
    ).toBeFunction();
    expectTypeOf(() =>
      // @ts-expect-error searchterm is not a field of GetVetPets' query (searchTerm)
      api.get(API.vetPets, { searchterm: 'x' }),
    ).toBeFunction();
  });
});
