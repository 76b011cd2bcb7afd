/**
 * The tests' API client: every call of the API by path, typed by the contract's call maps
 * (src/shared/contract/get-calls.ts and post-calls.ts), answering the typed envelope. Over the app's
 * inject() (`injectApi`) or a running server's address (`fetchApi`), with the same calls.
 *
 *   const api = injectApi(() => ctx().app, () => ({ token })); // the token a beforeAll sets
 *   const res = await api.get(API.vetPets, { offset: 1, limit: 4 });
 *   res.json().data.pets; // VetPetsResult's pets
 *
 * A query or body written at the call names only fields of its call (TypeScript's check of object
 * literals: a renamed or misspelt one is a type error), typed as the server's schema types them; each
 * field may be left out, since tests also ask what the server makes of a call without one. A
 * request that is deliberately malformed (a value of the wrong type, a broken body) goes through
 * `send`, whose input is not checked and whose answer is still typed by the path.
 */
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import type { Envelope } from '#shared/contract/envelope';
import type { GetData, GetPath, GetQuery } from '#shared/contract/get-calls';
import type {
  JsonPostBody,
  JsonPostPath,
  MultipartPostPath,
  MultipartPostPayload,
  PostData,
  PostPath,
} from '#shared/contract/post-calls';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import type { VersionConflict } from '#shared/contract/vet-records';
import { multipartBody, type MultipartFile } from '#tests/support/multipart-body';

/**
 * The envelope as a test reads it: `data` typed as the call answers it when it succeeds. A test
 * reads data after it checked the result; a failed call's null there fails the test at that read.
 */
export type TestEnvelope<T> = Omit<Envelope<T>, 'data'> & { data: T };

/** What a call answers besides its body: the status, the headers and the text (both transports have them). */
interface AnswerBase {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** the answer's text */
  body: string;
}
/** An answer of `transport`, whose json() is the envelope of a call answering T. */
type Answer<R extends AnswerBase, T> = Omit<R, 'json'> & { json(): TestEnvelope<T> };

/** The data a path answers: from the call maps, unknown for a path outside them (pages, exports, media). */
type DataOf<P extends string> = P extends GetPath ? GetData<P> : P extends PostPath ? PostData<P> : unknown;

/** Who calls, and how: the session token, the acting staff user, more headers, the caller's address (inject only). */
interface CallInit {
  token?: string;
  actingUserId?: number;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

type QueryValue = string | number | boolean | null | undefined;

/** A request in any shape, for `send`: nothing of it is checked. */
interface UncheckedRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** added to the path as it is (a string) or field by field */
  query?: string | Record<string, QueryValue>;
  /** a JSON body (a string is sent as it is, as application/json) */
  json?: unknown;
  /** a multipart body as the portal sends it: `json` part and `imageFile` parts (a string payload is sent as it is) */
  form?: { payload: unknown; files?: MultipartFile[] };
  /** any other body, with its own content-type header */
  body?: string | Buffer;
}

interface WireRequest {
  method: NonNullable<UncheckedRequest['method']>;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}

/** Undefined fields are left out, null is sent empty (as the client does). */
function withQuery(path: string, query: UncheckedRequest['query']): string {
  if (query === undefined) return path;
  if (typeof query === 'string') return query === '' ? path : `${path}?${query.replace(/^\?/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, value === null ? '' : String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function wire(path: string, request: UncheckedRequest, init: CallInit): WireRequest {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.actingUserId !== undefined) headers[ACTING_USER_HEADER] = String(init.actingUserId);
  let payload: string | Buffer | undefined = request.body;
  if (request.json !== undefined) {
    payload = typeof request.json === 'string' ? request.json : JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  } else if (request.form) {
    const multipart = multipartBody(request.form.payload, request.form.files ?? []);
    payload = multipart.body;
    Object.assign(headers, multipart.headers);
  }
  Object.assign(headers, init.headers);
  return {
    method: request.method ?? (payload === undefined ? 'GET' : 'POST'),
    url: withQuery(path, request.query),
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(init.remoteAddress ? { remoteAddress: init.remoteAddress } : {}),
  };
}

interface TestApi<R extends AnswerBase> {
  /** A GET call of the map: its query's fields by the schema the server checks them with. */
  get<P extends GetPath>(path: P, query?: Partial<GetQuery<P>>, init?: CallInit): Promise<Answer<R, GetData<P>>>;
  /** A POST call with a JSON body. */
  post<P extends JsonPostPath>(
    path: P,
    body: Partial<JsonPostBody<P>>,
    init?: CallInit,
  ): Promise<Answer<R, PostData<P>>>;
  /** A multipart POST call: the payload in the `json` part, the files in `imageFile` parts. */
  postForm<P extends MultipartPostPath>(
    path: P,
    payload: Partial<MultipartPostPayload<P>>,
    files?: MultipartFile[],
    init?: CallInit,
  ): Promise<Answer<R, PostData<P>>>;
  /** Any request, unchecked (bad input on purpose, a path outside the maps); the answer typed by the path. */
  send<P extends string>(path: P, request?: UncheckedRequest, init?: CallInit): Promise<Answer<R, DataOf<P>>>;
  /** The same client with more defaults (a token, an acting user, headers): later ones win, per call too. */
  with(init: CallInit): TestApi<R>;
  /** The same calls answering their envelope alone, for tests that read nothing else of the answer. */
  envelope: EnvelopeCalls;
}

/** GET, JSON POST and multipart POST calls of the maps, each answering the call's envelope. */
interface EnvelopeCalls {
  get<P extends GetPath>(path: P, query?: Partial<GetQuery<P>>, init?: CallInit): Promise<TestEnvelope<GetData<P>>>;
  post<P extends JsonPostPath>(
    path: P,
    body: Partial<JsonPostBody<P>>,
    init?: CallInit,
  ): Promise<TestEnvelope<PostData<P>>>;
  postForm<P extends MultipartPostPath>(
    path: P,
    payload: Partial<MultipartPostPayload<P>>,
    files?: MultipartFile[],
    init?: CallInit,
  ): Promise<TestEnvelope<PostData<P>>>;
}

/** Defaults of every call of a client: given, or read at each call (a token a suite's beforeAll sets). */
type Defaults = CallInit | (() => CallInit);

function merged(base: CallInit, init: CallInit = {}): CallInit {
  return { ...base, ...init, headers: { ...base.headers, ...init.headers } };
}

function client<R extends AnswerBase>(transport: (request: WireRequest) => Promise<R>, defaults: Defaults): TestApi<R> {
  const base = () => (typeof defaults === 'function' ? defaults() : defaults);
  const call = <T>(path: string, request: UncheckedRequest, init?: CallInit) =>
    transport(wire(path, request, merged(base(), init))) as unknown as Promise<Answer<R, T>>;
  const api: TestApi<R> = {
    get: (path, query, init) => call(path, { method: 'GET', query: query as Record<string, QueryValue> }, init),
    post: (path, body, init) => call(path, { method: 'POST', json: body }, init),
    postForm: (path, payload, files = [], init) => call(path, { method: 'POST', form: { payload, files } }, init),
    send: (path, request = {}, init) => call(path, request, init),
    with: (init) => client(transport, () => merged(base(), init)),
    envelope: {
      get: async (path, query, init) => (await api.get(path, query, init)).json(),
      post: async (path, body, init) => (await api.post(path, body, init)).json(),
      postForm: async (path, payload, files, init) => (await api.postForm(path, payload, files, init)).json(),
    },
  };
  return api;
}

export type InjectApi = TestApi<InjectResponse>;
export type FetchApi = TestApi<FetchedAnswer>;

/** The client over a Fastify app's inject() (the app may be given late: a suite's `() => ctx().app`). */
export function injectApi(app: FastifyInstance | (() => FastifyInstance), defaults: Defaults = {}): InjectApi {
  const appOf = typeof app === 'function' ? app : () => app;
  return client((request) => appOf().inject(request), defaults);
}

/** An answer read over HTTP: status, headers (names in lower case), text and its JSON. */
export interface FetchedAnswer extends AnswerBase {
  headers: Record<string, string>;
  json(): unknown;
}

/** The client over a running server (`base`: its address, e.g. http://127.0.0.1:3001). */
export function fetchApi(base: string | (() => string), defaults: Defaults = {}): FetchApi {
  const baseOf = typeof base === 'function' ? base : () => base;
  return client(async ({ method, url, headers, payload }) => {
    const res = await fetch(`${baseOf()}${url}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: typeof payload === 'string' ? payload : new Uint8Array(payload) }),
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body,
      json: () => JSON.parse(body) as unknown,
    };
  }, defaults);
}

/** A call's answer as tests often hold it: the status, the envelope and the text. */
export async function answered<T>(
  call: Promise<{ statusCode: number; body: string; json(): TestEnvelope<T> }>,
): Promise<{ status: number; body: TestEnvelope<T>; raw: string }> {
  const res = await call;
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

/**
 * The envelope of a save refused over a newer version (HTTP 409), whose data names who saved it
 * and when (docs/decisions/0096) instead of the call's data: of an answer, or of one `answered` read.
 */
export function conflictOf(answer: { json(): unknown } | { body: unknown }): TestEnvelope<VersionConflict> {
  return ('json' in answer ? answer.json() : answer.body) as TestEnvelope<VersionConflict>;
}
