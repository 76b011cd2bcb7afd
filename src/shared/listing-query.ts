import { DEFAULT_PET_TYPE_ID, FIRST_PAGE, MAX_PAGE } from '#shared/constants';
import type { NearMePosition } from '#shared/contract/near-me';

/**
 * How a listing page reads its query (?page=, ?country=, ?petType=, ?near=, ?view=), in the browser
 * and on the server alike: a value that does not parse, or is out of range, reads as the default
 * (docs/decisions/0159).
 */

/** A page number read from the URL: a whole number from 1 to MAX_PAGE, else page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= FIRST_PAGE && n <= MAX_PAGE ? n : FIRST_PAGE;
}

/** A pet type id from the URL: a whole number from 1 to 999,999,999, else the default type 1 (SPEC.md §4). */
export function parsePetType(value: string | null): number {
  return value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : DEFAULT_PET_TYPE_ID;
}

/** A country id from the URL: digits (no leading zero), else "" (no filter). */
export function parseCountry(value: string | null): string {
  return value && /^[1-9]\d{0,8}$/.test(value) ? value : '';
}

/** Decimals a shared "near me" position keeps (about 1 km): a link never carries the exact position. */
const NEAR_ME_DECIMALS = 2;

/** A position rounded to NEAR_ME_DECIMALS. */
export function roundPosition(p: NearMePosition): NearMePosition {
  const f = 10 ** NEAR_ME_DECIMALS;
  // + 0 turns -0 into 0
  return { latitude: Math.round(p.latitude * f) / f + 0, longitude: Math.round(p.longitude * f) / f + 0 };
}

/** "lat,lon" from the URL (?near=51.51,-0.13), rounded, in range; else null (no near-me search). */
export function parseNear(value: string | null): NearMePosition | null {
  const m = value ? /^(-?\d{1,3}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/.exec(value) : null;
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return roundPosition({ latitude, longitude });
}

export type ListingView = 'list' | 'map';

/** ?view=map shows the map; anything else the list. */
export function parseView(value: string | null): ListingView {
  return value === 'map' ? 'map' : 'list';
}

/**
 * The one spelling of a listing parameter's value as the page reads it, or null when it reads as the
 * default (then the canonical address leaves it out). Null too for a parameter that is not a listing's.
 * So `page=abc`, `page=1`, `page=01` and no page are one address; `near=junk` is the address without near.
 */
export function canonicalListingValue(name: string, value: string): string | null | undefined {
  switch (name) {
    case 'page': {
      const page = parsePage(value);
      return page === FIRST_PAGE ? null : String(page);
    }
    case 'petType': {
      const type = parsePetType(value);
      return type === DEFAULT_PET_TYPE_ID ? null : String(type);
    }
    case 'country':
      return parseCountry(value) || null;
    case 'near': {
      const near = parseNear(value);
      return near ? `${near.latitude},${near.longitude}` : null;
    }
    case 'view':
      return parseView(value) === 'map' ? 'map' : null;
    default:
      return undefined;
  }
}
