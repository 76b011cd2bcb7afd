import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { decodedPath, queryNames } from '#server/http/request-url';
import { pageAddress } from '#shared/page-address';

/** Never kept by any cache: the portal, token pages, writes, errors, answers with a visitor's position. */
const NO_STORE = 'private, no-store';
/** Kept by the browser only, which revalidates each time. */
const REVALIDATE = 'private, no-cache';

/** Portal calls (SPEC.md §7 "Vet portal") and the portal's own pages. */
// the portal, and what private links open: the owner's sightings, a finder's matches, a relay conversation
const PORTAL_API = [
  '/api/vetpets/',
  '/api/vetaccounts/',
  '/api/pets/getpetsightings',
  '/api/pets/getfoundpetmatches',
  '/api/pets/getconversation',
  '/api/owners/getreminderunsubscribe',
];
/**
 * Pages that hold a token in their address, and the portal (its printouts under /dashboard/ too): never in a shared
 * cache.
 */
const PRIVATE_PAGES = new Set([
  '/dashboard',
  '/resetpassword',
  '/verifyemail',
  '/acceptpetinvite',
  '/sightings',
  '/found/manage',
  '/messages',
  '/messages/confirm',
  '/alerts/confirm',
  '/alerts/unsubscribe',
  '/unsubscribe',
  // issue 33: a reminder e-mail's "Book a visit" link
  '/bookvisit',
]);
const PRIVATE_PAGE_PREFIX = '/dashboard/';
/** A public call carrying these is a visitor's position (a sighting): it must reach the server. */
const POSITION_PARAMS = new Set(['latitude', 'longitude']);

/**
 * What a public answer's content depends on besides its address: the language (?lang= is in the
 * address; the cookie or Accept-Language otherwise, docs/decisions/0055) and its encoding (br, gzip or
 * none: every form says so, the uncompressed one too, so no cache gives one form for another).
 */
const PUBLIC_VARY = ['Accept-Language', 'Cookie', 'Accept-Encoding'];

/**
 * public: a shared cache may keep it; revalidate: the browser may keep it and revalidates (ETag),
 * a shared cache may not (a page asked for under an address that is not the page's own).
 */
type Policy = { kind: 'public' | 'revalidate' } | { kind: 'private' } | { kind: 'leave' };

function policyFor(request: FastifyRequest, reply: FastifyReply): Policy {
  // Decoded, as the router and the handler read them: `%6Catitude=` is a position too.
  const path = decodedPath(request.url).toLowerCase();
  const hasPosition = queryNames(request.url).some((name) => POSITION_PARAMS.has(name.toLowerCase()));
  const readable = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
  if (path.startsWith('/api/')) {
    if (path.startsWith('/api/docs')) return { kind: 'leave' };
    if (!readable || path.startsWith('/api/health') || PORTAL_API.some((p) => path.startsWith(p)) || hasPosition)
      return { kind: 'private' };
    return { kind: 'public' };
  }
  // Static files (media, assets, public/) set their own long-lived headers.
  if (reply.hasHeader('cache-control')) return { kind: 'leave' };
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
    return { kind: readable ? 'leave' : 'private' };
  if (!readable || PRIVATE_PAGES.has(path.replace(/\/+$/, '')) || path.startsWith(PRIVATE_PAGE_PREFIX))
    return { kind: 'private' };
  // A page answers only what its route reads (docs/decisions/0101): asked for with anything else
  // (utm_source, a parameter twice or percent-encoded), it is the page of another address, which a
  // shared cache keyed on that address must not keep.
  return { kind: pageAddress(request.url).plain && !visitorsOwn.has(reply) ? 'public' : 'revalidate' };
}

/** `existing` (a header value) with `names` added, each once (compared without case). */
function mergeVary(existing: unknown, names: readonly string[]): string {
  const list = String(existing ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(', ');
}

/**
 * Answers a shared cache must not keep although they are public pages: made for this visitor (a page with a call left
 * to the browser).
 */
const visitorsOwn = new WeakSet<FastifyReply>();

/**
 * This page is the visitor's own (e.g. a call of it failed for this visitor): browsers revalidate it, shared caches do
 * not keep it.
 */
export function keepOutOfSharedCaches(reply: FastifyReply): void {
  visitorsOwn.add(reply);
}

/** A weak validator (the body before compression, so one ETag serves every encoding). */
export function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** ETags computed once with a kept answer (src/server/http/kept-answer.ts), used instead of hashing it again. */
const knownEtags = new WeakMap<FastifyReply, string>();

/** The reply's body has this ETag (etagOf its uncompressed body); used only if the answer is public. */
export function useKnownEtag(reply: FastifyReply, etag: string): void {
  knownEtags.set(reply, etag);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare || t.replace(/^W\//, '') === bare;
  });
}

/**
 * HTTP caching (docs/decisions/0066, docs/operations.md): public API answers and server-rendered
 * public pages get an ETag (304 on If-None-Match) and `public, max-age=0, s-maxage, stale-while-revalidate`
 * (browsers revalidate each time, a shared cache in front may keep them briefly); everything of
 * the portal, token pages, writes, errors and health get `private, no-store`.
 * Registered before @fastify/compress, so the ETag is computed from the uncompressed body.
 */
export function registerCachingHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'httpSharedMaxAge' | 'httpStaleWhileRevalidate'>,
): void {
  const publicControl =
    `public, max-age=0, s-maxage=${config.httpSharedMaxAge}, ` +
    `stale-while-revalidate=${config.httpStaleWhileRevalidate}`;
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = policyFor(request, reply);
    if (policy.kind === 'leave') return payload;
    if (policy.kind === 'private') {
      reply.header('Cache-Control', NO_STORE);
      return payload;
    }
    reply.header('Cache-Control', policy.kind === 'public' ? publicControl : REVALIDATE);
    // A kept answer already compressed (kept-answer.ts) has set Vary: accept-encoding.
    reply.header('Vary', mergeVary(reply.getHeader('vary'), PUBLIC_VARY));
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = knownEtags.get(reply) ?? etagOf(payload);
    reply.header('ETag', etag);
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-encoding');
      return '';
    }
    return payload;
  });
}
