import type { FastifyInstance } from 'fastify';
import { FIRST_PAGE } from '#shared/constants';
import { pageAddress } from '#shared/page-address';

/**
 * Where a public listing ends, as its page renders have seen it (docs/decisions/0159): a page number
 * past the end of a real listing (`page=40` of a 3-page list) parses and is within MAX_PAGE, so only
 * the data can tell it is out of range. Each listing has one page past its end, the first empty
 * one, which says so and offers the way back (listing-frame.tsx); every page number beyond it is sent
 * there without a render and without a page of its own, until a write changes one of the reads the
 * listing was made of.
 */
interface ListingEnd {
  /** the first page known to be empty */
  emptyFrom: number;
  /** its weight in the page cache (which weighs its entries) */
  bytes: number;
}

/** What one listing call of a page's render answered: the page it asked for and what came back. */
export interface ListingCallSeen {
  page: number;
  itemCount: number;
  /** the listing's whole count, when the call says it (the directories' totalCount) */
  totalCount: number | null;
  pageSize: number;
}

/**
 * The listing call among a render's calls, read from its address and answer: a call with `offset`
 * (the 1-based page, SPEC.md §7) and `limit` whose answer is a list (the pet listings) or `{ items,
 * totalCount }` (the directories). Null for any other call.
 */
export function listingCallSeen(callUrl: string, status: number, body: string): ListingCallSeen | null {
  const query = new URLSearchParams(callUrl.split('?')[1] ?? '');
  const page = Number(query.get('offset'));
  const pageSize = Number(query.get('limit'));
  if (status !== 200 || !Number.isInteger(page) || page < FIRST_PAGE || !Number.isInteger(pageSize) || pageSize < 1)
    return null;
  let data: unknown;
  try {
    data = (JSON.parse(body) as { result?: number; data?: unknown }).data;
  } catch {
    return null;
  }
  if (Array.isArray(data)) return { page, itemCount: data.length, totalCount: null, pageSize };
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    const { items, totalCount } = data as { items: unknown[]; totalCount?: unknown };
    return { page, itemCount: items.length, totalCount: typeof totalCount === 'number' ? totalCount : null, pageSize };
  }
  return null;
}

/** The listing's key: its address as the page reads it, without the page number (the end is the same in every language). */
function endKey(requestUrl: string): string {
  const { url } = pageAddress(requestUrl);
  const [path, query = ''] = url.split('?', 2);
  const read = new URLSearchParams(query);
  read.delete('page');
  const rest = read.toString();
  return `listing-end:${rest ? `${path}?${rest}` : path}`;
}

function requestedPage(requestUrl: string): number {
  const page = new URLSearchParams(pageAddress(requestUrl).url.split('?')[1] ?? '').get('page');
  return page === null ? FIRST_PAGE : Number(page);
}

/**
 * Notes what a render of `requestUrl` learnt of its listing's end (`tags`: the reads the render was
 * made of, so a write that changes the listing forgets it). Only the call for the page's own page
 * number counts; a render with no listing call teaches nothing.
 */
export function noteListingEnd(
  app: FastifyInstance,
  requestUrl: string,
  calls: readonly ListingCallSeen[],
  tags: readonly string[],
  /** the page cache's generation when the render started (what a write since then changed is not kept) */
  since: number,
): void {
  const page = requestedPage(requestUrl);
  const call = calls.find((seen) => seen.page === page);
  if (!call) return;
  const key = endKey(requestUrl);
  const known = app.pageCache.peek<ListingEnd>(key)?.emptyFrom ?? Infinity;
  let emptyFrom = known;
  // A listing that says its count (the directories) ends where the count says; a pet listing where a page came back empty.
  if (call.totalCount !== null) emptyFrom = Math.max(FIRST_PAGE, Math.ceil(call.totalCount / call.pageSize)) + 1;
  else if (call.itemCount === 0) emptyFrom = Math.min(emptyFrom, Math.max(page, FIRST_PAGE + 1));
  // the listing grew past what was known (a write raced the note): nothing is known of its end
  else if (page >= emptyFrom) emptyFrom = Infinity;
  if (emptyFrom === known) return;
  const end: ListingEnd = { emptyFrom, bytes: key.length * 2 + 64 };
  app.pageCache.put(key, end, tags, since);
}

/**
 * Where a request for a page beyond its listing's known end is sent instead: the same address with
 * the listing's one page past the end; null when the page is not known to be beyond it.
 */
export function pastTheListingEnd(app: FastifyInstance, requestUrl: string): string | null {
  const page = requestedPage(requestUrl);
  if (page <= FIRST_PAGE) return null;
  const known = app.pageCache.peek<ListingEnd>(endKey(requestUrl));
  if (!known || page <= known.emptyFrom) return null;
  const [path, query = ''] = requestUrl.split('?', 2);
  const kept = new URLSearchParams(query);
  // The request's own spelling of everything else (its language, a campaign tag) stays.
  kept.set('page', String(known.emptyFrom));
  return `${path}?${kept.toString()}`;
}
