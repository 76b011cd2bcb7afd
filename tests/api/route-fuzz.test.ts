import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { petFormSchema } from '#shared/forms/pet-form';
import { describeOnBothDatabases } from '#tests/support/databases';
import { multipartBody } from '#tests/support/multipart-body';
import { bearer, DEMO_CLINIC, loginClinic } from '#tests/support/vet-session';

/**
 * Every route the app registers (read from its OpenAPI document, so a new route is covered without
 * editing this file), public and portal, fed the classes of bad input that once reached a 5xx:
 * non-finite and out-of-range numbers, NUL and other text the database refuses, objects and arrays
 * in place of strings, and multipart bodies that are not multipart or are cut off. Each request
 * carries at least one bad value; every answer must be the envelope with result 0 (or a 4xx), and
 * nothing may change in the database.
 */

const WATCHED = [
  'pet_profiles',
  'clinic_patients',
  'vet_visits',
  'wellness_records',
  'owners',
  'one_time_tokens',
  'pet_co_owners',
  'pet_sightings',
];

/** Fields of the multipart calls (they have no JSON body schema: the json part is read by the handler). */
const PET_FORM_FIELDS = Object.keys(petFormSchema.fields);
const MULTIPART_FIELDS: Record<string, string[]> = {
  '/api/VetPets/CreateVetPet': PET_FORM_FIELDS,
  '/api/VetPets/UpdateVetPet': [...PET_FORM_FIELDS, 'petProfileId'],
  '/api/VetPets/SaveVetVisit': [
    'petId',
    'vetVisitId',
    'vetUserId',
    'visitDate',
    'notes',
    'isFinished',
    'weight',
    'vaccinations',
    'antiparasitics',
    'consultations',
    'pictures',
  ],
};

/** Near-valid values, so the bad one reaches past the first check. */
function goodValue(name: string, type: string | undefined): unknown {
  const n = name.toLowerCase();
  if (n === 'publicid') return 'DEMO0001';
  if (n.includes('date') || n === 'date') return '2026-01-15';
  if (n === 'petname' || n.includes('owner')) return n.includes('phone') ? '+1 555 0100' : 'Rex';
  if (n === 'petgenderid') return 1;
  if (n === 'issterilized' || n === 'isfinished') return true;
  if (['weight', 'vaccinations', 'antiparasitics', 'consultations', 'pictures'].includes(n)) return [];
  if (type === 'integer' || n.endsWith('id') || n === 'offset' || n === 'limit' || n === 'petprofile') return 1;
  return 'a';
}

/**
 * The classes of bad values, as query-string text (decoded by the server). NUMERIC ones must be
 * refused where the parameter is a number; TEXT ones everywhere; ODD ones only must not break anything.
 */
const NUMERIC_QUERY = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '9007199254740993', '1e20'];
const TEXT_QUERY = ['%00', 'a%00b', '%00%00%00', '%F0%9F%90%B6%00', 'x'.repeat(10_001)];
const ODD_QUERY = ['%5Bobject%20Object%5D', '0x10', '1.5e3', '%ED%A0%80', '-0'];
/** Bad values as JSON text: each must be refused wherever it stands. */
const BAD_JSON = [
  '1e309',
  '-1e309',
  '1e20',
  '-9007199254740993',
  '"\\u0000"',
  '"a\\u0000b"',
  '{"toString":1}',
  '{"valueOf":"x","toString":{}}',
  '["\\u0000"]',
  '[1e309]',
  '{"a":"\\u0000"}',
  JSON.stringify('x'.repeat(10_001)),
];

function clientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

interface RouteInfo {
  method: 'GET' | 'POST';
  url: string;
  query: { name: string; type?: string }[];
  body: { name: string; type?: string }[];
  multipart: boolean;
}

/** The app's own routes, from its OpenAPI document. */
function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  type Op = {
    parameters?: { in: string; name: string; schema?: { type?: string } }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
  };
  const spec = app.swagger() as { paths: Record<string, Record<string, Op>> };
  const routes: RouteInfo[] = [];
  for (const [url, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (method !== 'get' && method !== 'post') continue;
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, type: p.schema?.type }));
      const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const multipart = url in MULTIPART_FIELDS;
      const body = multipart
        ? MULTIPART_FIELDS[url].map((name) => ({ name }))
        : Object.entries(props).map(([name, s]) => ({ name, type: s.type }));
      routes.push({ method: method.toUpperCase() as 'GET' | 'POST', url, query, body, multipart });
    }
  }
  return routes;
}

/** A JSON object text with one field (or more) set to a bad value and the others near-valid. */
function jsonWithBadFields(fields: { name: string; type?: string }[], bad: Map<string, string>): string {
  const parts = fields.map(
    (f) => `${JSON.stringify(f.name)}:${bad.get(f.name) ?? JSON.stringify(goodValue(f.name, f.type))}`,
  );
  return `{${parts.join(',')}}`;
}

/** Multipart bodies that are not what their content type says. */
function brokenMultiparts(json: string): { name: string; body: Buffer; contentType: string }[] {
  const good = multipartBody(json, [{ bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]) }]);
  const boundary = /boundary=(.*)$/.exec(good.headers['content-type'])?.[1] ?? 'x';
  return [
    {
      name: 'not multipart at all',
      body: Buffer.from('{"petName":"Rex"}'),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { name: 'cut off in the json part', body: good.body.subarray(0, 60), contentType: good.headers['content-type'] },
    {
      name: 'cut off in the file',
      body: good.body.subarray(0, good.body.length - 20),
      contentType: good.headers['content-type'],
    },
    {
      name: 'no closing boundary',
      body: good.body.subarray(0, good.body.length - boundary.length - 6),
      contentType: good.headers['content-type'],
    },
    { name: 'no boundary parameter', body: good.body, contentType: 'multipart/form-data' },
    { name: 'another boundary', body: good.body, contentType: 'multipart/form-data; boundary=somethingelse' },
    { name: 'empty body', body: Buffer.alloc(0), contentType: good.headers['content-type'] },
    { name: 'NUL bytes', body: Buffer.alloc(64), contentType: good.headers['content-type'] },
  ];
}

describeOnBothDatabases('Every route under bad input (non-finite numbers, NUL, objects, broken multipart)', (ctx) => {
  let token = '';
  let pages: FastifyInstance;
  let dir: string;
  const stats = { requests: 0, fivexx: 0, failures: [] as string[] };

  beforeAll(async () => {
    token = await loginClinic(ctx().app, DEMO_CLINIC);
    dir = clientDir();
    pages = await buildApp({
      config: ctx().config,
      database: ctx().server.database,
      clientDir: dir,
      logger: false,
      backgroundJobs: false,
    });
    await pages.ready();
    await ctx().app.ready();
  });
  afterAll(async () => {
    await pages?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`[route fuzz ${ctx().kind}] ${stats.requests} requests, ${stats.fivexx} answered 5xx`);
  });

  async function digest(): Promise<string> {
    const parts = await Promise.all(
      WATCHED.map(async (table) => {
        const rows = (await ctx().db.execute(
          sql.raw(
            `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
          ),
        )) as unknown;
        const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number; h: string }[];
        return `${table}=${list[0].n}/${list[0].h}`;
      }),
    );
    return parts.join(' ');
  }

  /** Sends one request with at least one bad value: a 4xx or result 0, always the envelope, never a 5xx. */
  async function send(
    app: FastifyInstance,
    request: InjectOptions,
    label: string,
    mustRefuse = true,
    expectJson = true,
  ): Promise<void> {
    stats.requests++;
    const res = await app.inject(request);
    if (res.statusCode >= 500) {
      stats.fivexx++;
      stats.failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
      return;
    }
    if (!expectJson) return;
    let body: { result?: unknown; message?: unknown; data?: unknown };
    try {
      body = res.json();
    } catch {
      stats.failures.push(`not JSON ${res.statusCode} ${label}`);
      return;
    }
    const refused = res.statusCode >= 400 || body.result === 0;
    if (!refused && mustRefuse) stats.failures.push(`accepted ${res.statusCode} ${label}: ${res.body.slice(0, 160)}`);
    else if (
      refused &&
      (typeof body.message !== 'string' ||
        body.message === '' ||
        /stack|at .*\.ts:\d+|\bselect\b.*\bfrom\b|\binsert into\b/i.test(body.message))
    ) {
      stats.failures.push(`unclear message ${res.statusCode} ${label}: ${String(body.message)}`);
    }
  }

  it('answers every registered route with the envelope and a 4xx or result 0, never a 5xx, and changes nothing', async () => {
    const routes = registeredRoutes(ctx().app);
    expect(routes.length).toBeGreaterThan(35);
    const before = await digest();
    const headers = bearer(token);
    let fuzzed = 0;
    for (const route of routes) {
      const fields = route.method === 'GET' ? route.query : route.body;
      if (fields.length === 0 && !route.multipart) continue;
      fuzzed++;
      const names = fields.map((f) => f.name);
      if (route.method === 'GET') {
        const values = fc.oneof(
          fc.constantFrom(...NUMERIC_QUERY),
          fc.constantFrom(...TEXT_QUERY),
          fc.constantFrom(...ODD_QUERY),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
            values,
            async (targets, bad) => {
              const q = fields
                .map(
                  (f) =>
                    `${encodeURIComponent(f.name)}=${targets.includes(f.name) ? bad : encodeURIComponent(String(goodValue(f.name, f.type)))}`,
                )
                .join('&');
              const mustRefuse =
                TEXT_QUERY.includes(bad) ||
                (NUMERIC_QUERY.includes(bad) && fields.some((f) => targets.includes(f.name) && f.type === 'integer'));
              await send(
                ctx().app,
                { method: 'GET', url: `${route.url}?${q}`, headers },
                `GET ${route.url}?${q.slice(0, 120)}`,
                mustRefuse,
              );
            },
          ),
          { numRuns: 24 },
        );
        continue;
      }
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
          fc.constantFrom(...BAD_JSON),
          async (targets, bad) => {
            const json = jsonWithBadFields(fields, new Map(targets.map((t) => [t, bad])));
            await send(
              ctx().app,
              {
                method: 'POST',
                url: route.url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: json,
              },
              `POST ${route.url} ${json.slice(0, 120)}`,
            );
            if (route.multipart) {
              const mp = multipartBody(json);
              await send(
                ctx().app,
                { method: 'POST', url: route.url, headers: { ...headers, ...mp.headers }, payload: mp.body },
                `POST multipart ${route.url} ${json.slice(0, 120)}`,
              );
            }
          },
        ),
        { numRuns: 24 },
      );
      // Every POST route also gets bodies that claim to be multipart and are not (or are cut off).
      for (const broken of brokenMultiparts(jsonWithBadFields(fields, new Map()))) {
        await send(
          ctx().app,
          {
            method: 'POST',
            url: route.url,
            headers: { ...headers, 'content-type': broken.contentType },
            payload: broken.body,
          },
          `POST ${route.url} (${broken.name})`,
        );
      }
    }
    // The server-rendered pages read the same parameters.
    for (const bad of [...NUMERIC_QUERY, ...TEXT_QUERY, ...ODD_QUERY]) {
      for (const q of [`petProfileId=${bad}`, `publicId=${bad}`, `petProfileId=${bad}&publicId=${bad}`]) {
        await send(
          pages,
          { method: 'GET', url: `/Pets/Details?${q}` },
          `page /Pets/Details?${q.slice(0, 80)}`,
          false,
          false,
        );
      }
      for (const page of ['/adopt', '/lost', '/sitters', '/vets'])
        await send(
          pages,
          { method: 'GET', url: `${page}?offset=${bad}&limit=${bad}&petTypeId=${bad}&searchTerm=${bad}` },
          `page ${page}`,
          false,
          false,
        );
    }
    expect(fuzzed).toBeGreaterThan(30);
    expect(stats.failures.slice(0, 30)).toEqual([]);
    expect(stats.fivexx).toBe(0);
    expect(await digest()).toBe(before);
  }, 600_000);
});
