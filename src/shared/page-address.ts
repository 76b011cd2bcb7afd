import { LANGUAGES } from '#shared/languages';
import { canonicalListingValue } from '#shared/listing-query';
import { paths } from '#shared/page-routes';

/*
 * The address the server renders a page request as, and whether a shared cache may keep its answer: the server's
 * reading of the routes of page-routes.ts. Apart from paths, so that the browser's router (which needs the paths only)
 * does not bring the listings' query reader into the entry chunk.
 */

type PageName = keyof typeof paths;

const LISTING_QUERY = ['page', 'country', 'near', 'view'] as const;

/**
 * The query parameters each page's server render reads, in the order the site's own links write
 * them; a page not listed reads none there. The token pages, the sightings page and the portal read
 * theirs in the browser only (the server leaves them to it). A page that starts reading a parameter
 * while it renders must list it here, or the server renders it without (docs/decisions/0101).
 */
const PAGE_QUERY: Partial<Record<PageName, readonly string[]>> = {
  adopt: ['petType', 'page', 'search'],
  lost: ['petType', 'page', 'near', 'view', 'search'],
  sitters: LISTING_QUERY,
  trainers: LISTING_QUERY,
  walkers: LISTING_QUERY,
  groomers: LISTING_QUERY,
  vets: LISTING_QUERY,
  animalHouse: ['page', 'country'],
  petDetails: ['petProfileId', 'publicId', 'isFrom'],
  petFlyer: ['publicId'],
  found: ['near', 'view'],
};

/** Every query parameter some page's render reads (what a shared cache in front keys pages on, docs/operations.md). */
export function pageQueryNames(): string[] {
  return [...new Set(Object.values(PAGE_QUERY).flat())];
}

/** The language parameter (?lang=): read by the server to pick the page's language, never by a page. */
const LANGUAGE_PARAM = 'lang';

/** Where an address no route matches is rendered: the not-found page reads nothing of the address. */
export const NOT_FOUND_ADDRESS = '/_not-found';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const ROUTES = (Object.entries(paths) as [PageName, string][]).map(([name, path]) => ({
  name,
  segments: path.split('/').filter(Boolean),
}));

/**
 * The route an address's path matches as the router matches it (any case, a trailing slash allowed), with the path
 * spelt as the route spells it.
 */
function matchPage(pathname: string): { name: PageName; path: string } | null {
  const parts = pathname.split('/').filter((part, i, all) => part !== '' || (i > 0 && i < all.length - 1));
  if (parts.some((p) => p === '')) return null;
  const decoded = parts.map(decodeSegment);
  for (const route of ROUTES) {
    if (route.segments.length !== decoded.length) continue;
    const spelt: string[] = [];
    const matches = route.segments.every((segment, i) => {
      if (segment.startsWith(':')) {
        spelt.push(encodeURIComponent(decoded[i]));
        return true;
      }
      spelt.push(segment);
      return segment.toLowerCase() === decoded[i].toLowerCase();
    });
    if (matches) return { name: route.name, path: `/${spelt.join('/')}` };
  }
  return null;
}

export interface PageAddress {
  /**
   * path and the query parameters the page reads (first value of each, in the route's order): the address the server
   * renders and keys the page on
   */
  url: string;
  /**
   * The request's own query holds nothing but what the page reads (and ?lang= with a language
   * code), each named plainly, once and with a value: a shared cache keyed on the page's parameters may keep the
   * answer. Anything else (utm_source, a parameter twice, a percent-encoded name, a value not in its one
   * spelling such as page=abc or near=junk) is answered
   * from the same page but marked private, so no cache in front keeps it under another address.
   */
  plain: boolean;
  /**
   * Whether the server may keep the rendered page for the next visitors: not a listing's text search (?search=), whose
   * every new word would be a page of its own, one each for whoever sends new words (docs/decisions/0162)
   */
  keep: boolean;
}

/**
 * The address a request for a page renders, and whether its answer may be kept by a shared
 * cache. Parameters a page does not read never reach it: the same page answers them.
 */
export function pageAddress(requestUrl: string): PageAddress {
  const [rawPath, rawQuery = ''] = requestUrl.split('?', 2);
  const match = matchPage(rawPath.split('#')[0]);
  if (!match) return { url: NOT_FOUND_ADDRESS, plain: false, keep: true };
  const reads = PAGE_QUERY[match.name] ?? [];
  const search = new URLSearchParams(rawQuery);
  const kept = new URLSearchParams();
  let canonical = true;
  for (const name of reads) {
    const value = search.get(name);
    if (value === null) continue;
    // A listing's value in its one spelling, or left out when it reads as the default (junk, out of
    // range): a junk value renders, and is kept as, the canonical page (docs/decisions/0159).
    const spelt = canonicalListingValue(name, value);
    if (spelt === undefined) kept.set(name, value);
    else if (spelt !== null) kept.set(name, spelt);
    if (spelt !== undefined && spelt !== value) canonical = false;
  }
  const query = kept.toString();
  const searched = kept.has('search');
  return {
    url: query ? `${match.path}?${query}` : match.path,
    plain: canonical && !searched && isPlainQuery(rawQuery, reads),
    keep: !searched,
  };
}

const LANGUAGE_CODES = new Set<string>(LANGUAGES.map((l) => l.code));

function isPlainQuery(rawQuery: string, reads: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq < 0) return false;
    const name = pair.slice(0, eq);
    if (seen.has(name)) return false;
    seen.add(name);
    if (name === LANGUAGE_PARAM) {
      if (!LANGUAGE_CODES.has(pair.slice(eq + 1))) return false;
    } else if (!reads.includes(name)) return false;
  }
  return true;
}
