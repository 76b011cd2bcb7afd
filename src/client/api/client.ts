import type { Envelope } from '#shared/contract/envelope';
import type { GetData, GetPath, GetQuery } from '#shared/contract/get-calls';
import type { OnlyKeysOf } from '#shared/contract/only-keys';
import type {
  JsonPostBody,
  JsonPostPath,
  MultipartPostPath,
  MultipartPostPayload,
  PostData,
} from '#shared/contract/post-calls';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import type { VersionConflict } from '#shared/contract/vet-records';

/**
 * Raised for result 0 (the server's message) and for a non-OK status ("Network response was not
 * ok"), except a 409: a save over a version its user never saw, raised with the server's message
 * and who saved the newer version (`conflict`, docs/decisions/0096), and a 429 (too many attempts
 * from the address), raised with the server's message in the page's language.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** true when the server answered with the envelope's result 0 */
    readonly fromServer: boolean,
    readonly conflict: VersionConflict | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** As the server renderer hands it to the browser: an Error's message is not enumerable, so JSON would drop it. */
  toJSON(): { name: string; message: string; status: number; fromServer: boolean } {
    return { name: this.name, message: this.message, status: this.status, fromServer: this.fromServer };
  }

  /** An ApiError again from its JSON (a server-rendered page's failed call), so both sides render the same text. */
  static revive(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || value instanceof Error) return value;
    const { message, status, fromServer } = value as { message?: unknown; status?: unknown; fromServer?: unknown };
    return new ApiError(
      typeof message === 'string' ? message : '',
      typeof status === 'number' ? status : 0,
      fromServer === true,
    );
  }
}

/** The refusal of a save over a newer version (HTTP 409), or null for any other error. */
export function versionConflictOf(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status === 409 && error.conflict ? error : null;
}

/**
 * The server's answer that what was asked for is not there: result 0 (e.g. "Pet not found.") or a
 * 400/404 for an address it cannot read. A network failure or a 5xx is not. Read by duck type: an
 * error the server renderer passed to the browser arrives as a plain object.
 */
export function isNotFoundAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { fromServer, status } = error as { fromServer?: unknown; status?: unknown };
  return fromServer === true || status === 400 || status === 404;
}

/** The server's 429: this address has used up its attempts (or requests) for a while. */
export function isTooManyAttempts(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

const NETWORK_ERROR_MESSAGE = 'Network response was not ok';

type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

/** Listeners told when a portal call answers 401 (expired or revoked session). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    params.append(key, value === null || value === undefined ? '' : String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

type FetchApi = (url: string, init: RequestInit) => Promise<Response>;
let fetchApi: FetchApi = (url, init) => fetch(url, init);

/**
 * The server renderer answers the page's calls in-process instead of over the network (each page's through its own).
 */
export function provideFetchApi(implementation: FetchApi): void {
  fetchApi = implementation;
}

/**
 * Sends a call with the page's language, the token and the acting staff user; a 401 with a token tells the session, a
 * 409 raises the version conflict, a 429 the server's sentence, another non-OK status SPEC's error.
 */
async function send(
  url: string,
  init: RequestInit,
  accept: string,
  opts: CallOptions = {},
  transport: FetchApi = fetchApi,
): Promise<Response> {
  const { token, actingUserId } = opts;
  const headers = new Headers(init.headers);
  headers.set('Accept', accept);
  // The server answers its messages in the page's language (src/server/http/messages.ts).
  if (typeof document !== 'undefined' && document.documentElement.lang)
    headers.set('Accept-Language', document.documentElement.lang);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (actingUserId) headers.set(ACTING_USER_HEADER, String(actingUserId));
  const response = await transport(url, { ...init, headers });
  if (response.status === 401 && token) unauthorizedListeners.forEach((l) => l());
  if (response.status === 409) {
    const body = (await response.json().catch(() => null)) as Envelope<VersionConflict> | null;
    if (body?.message && body.data) throw new ApiError(body.message, 409, true, body.data);
  }
  if (response.status === 429) {
    // this address must wait: the server says so in the page's language (SPEC's English sentence would be all a
    // Chinese visitor read on a link page). Not `fromServer`: it says nothing of whether the thing asked for exists.
    const body = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    if (body?.message) throw new ApiError(body.message, 429, false);
  }
  if (!response.ok) {
    console.warn(NETWORK_ERROR_MESSAGE, response.status, url.split('?')[0]);
    throw new ApiError(NETWORK_ERROR_MESSAGE, response.status, false);
  }
  return response;
}

function envelopeData<T>(body: Envelope<T>, status: number): T {
  if (body.result !== 1) throw new ApiError(body.message || 'Request failed', status, true);
  return body.data as T;
}

async function request<T>(
  url: string,
  init: RequestInit,
  opts: CallOptions = {},
  transport: FetchApi = fetchApi,
): Promise<T> {
  const response = await send(url, init, 'application/json', opts, transport);
  return envelopeData((await response.json()) as Envelope<T>, response.status);
}

/** The file name a download answer gives (RFC 6266: filename* in UTF-8 first, else filename), or `fallback`. */
function downloadName(disposition: string | null, fallback: string): string {
  const extended = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return (disposition ? /filename="([^"]+)"/i.exec(disposition)?.[1] : undefined) ?? fallback;
}

/**
 * A file the server makes (the portal's CSV exports), fetched with the session token like every
 * portal call and read into a Blob (docs/decisions/0112). A refusal comes as the envelope and
 * raises its message.
 */
export async function apiDownload(
  path: string,
  query: Query,
  fallbackName: string,
  opts: CallOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(
    buildUrl(path, query),
    { method: 'GET', signal: opts.signal },
    'text/csv, application/json',
    opts,
  );
  if ((response.headers.get('content-type') ?? '').includes('application/json'))
    envelopeData((await response.json()) as Envelope<unknown>, response.status);
  return {
    blob: await response.blob(),
    filename: downloadName(response.headers.get('content-disposition'), fallbackName),
  };
}

/**
 * SPEC's console line for a failed call, in the browser only: a call that fails while the server
 * renders a page is left to the browser, which makes it again (and logs it then).
 */
export function logCallFailure(label: string, error: unknown, signal?: AbortSignal): void {
  if (signal?.aborted || typeof window === 'undefined') return;
  console.error(label, error);
}

export interface CallOptions {
  token?: string | null;
  signal?: AbortSignal;
  /** the staff user selected in the portal, named on its writes for their history (docs/decisions/0097) */
  actingUserId?: number | null;
}

/**
 * A GET call of the contract (src/shared/contract/get-calls.ts): the query is checked against the
 * schema the server validates it with, and the answer's data is typed by the path.
 */
export function apiGet<P extends GetPath, Q extends GetQuery<P>>(
  path: P,
  query: OnlyKeysOf<Q, GetQuery<P>>,
  opts: CallOptions = {},
): Promise<GetData<P>> {
  return request<GetData<P>>(buildUrl(path, query as Query | undefined), { method: 'GET', signal: opts.signal }, opts);
}

/**
 * A POST call with a JSON body (src/shared/contract/post-calls.ts): the body is checked against the
 * schema the server validates it with, and the answer's data is typed by the path.
 */
export function apiPostJson<P extends JsonPostPath, B extends JsonPostBody<P>>(
  path: P,
  body: OnlyKeysOf<B, JsonPostBody<P>>,
  opts: CallOptions = {},
): Promise<PostData<P>> {
  return request<PostData<P>>(
    path,
    {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
      signal: opts.signal,
    },
    opts,
  );
}

export interface UploadFile {
  file: Blob;
  name: string;
  /** the part's name: `imageFile` unless told (an import's CSV goes in `file`) */
  part?: 'imageFile' | 'file';
}

/**
 * A fetch that tells how much of the request's body has gone (fetch cannot: its upload progress needs a streamed
 * body, which HTTP/1.1 refuses), through XMLHttpRequest; the answer is a Response as fetch's.
 */
function fetchWithUploadProgress(onUploadProgress: (fraction: number) => void): FetchApi {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onUploadProgress(e.loaded / e.total);
      };
      xhr.upload.onload = () => onUploadProgress(1);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        // XHR's status is 0 only on a network failure, which onerror reports; 204, 205 and 304 carry no body
        const body = [204, 205, 304].includes(xhr.status) ? null : (xhr.response as Blob);
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body as XMLHttpRequestBodyInit | null | undefined);
    });
}

/**
 * A multipart POST call (src/shared/contract/post-calls.ts): the payload, typed by the call's shared
 * form, in a part named `json`, files in parts named `imageFile` (or as each file says); `opts.query` in the
 * address; the answer's data typed by the path. `opts.onUploadProgress` is told the fraction of the body sent.
 */
export function apiPostMultipart<P extends MultipartPostPath, B extends MultipartPostPayload<P>>(
  path: P,
  payload: OnlyKeysOf<B, MultipartPostPayload<P>>,
  files: UploadFile[] = [],
  opts: CallOptions & { query?: Query; onUploadProgress?: (fraction: number) => void } = {},
): Promise<PostData<P>> {
  const form = new FormData();
  form.append('json', JSON.stringify(payload));
  for (const f of files) form.append(f.part ?? 'imageFile', f.file, f.name);
  const transport = opts.onUploadProgress ? fetchWithUploadProgress(opts.onUploadProgress) : fetchApi;
  return request<PostData<P>>(
    buildUrl(path, opts.query),
    { method: 'POST', body: form, signal: opts.signal },
    opts,
    transport,
  );
}
