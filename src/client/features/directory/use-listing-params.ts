import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PET_TYPE_ID, FIRST_PAGE } from '#shared/constants';
import type { NearMePosition } from '#shared/contract/near-me';
import { parsePage } from '#client/components/lists/paging';

/** A pet type id from the URL: a whole number ≥ 1, else the default type 1 (SPEC.md §4). */
export function parsePetType(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_PET_TYPE_ID;
}

/** A country id from the URL: digits, else "" (no filter). */
export function parseCountry(value: string | null): string {
  return value && /^\d{1,9}$/.test(value) ? value : '';
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

/** The listing state an address holds (the server renderer's prefetch reads it the same way). */
export function listingParamsOf(params: URLSearchParams) {
  return {
    page: parsePage(params.get('page')),
    countryId: parseCountry(params.get('country')),
    petTypeId: parsePetType(params.get('petType')),
    near: parseNear(params.get('near')),
    view: (params.get('view') === 'map' ? 'map' : 'list') as ListingView,
  };
}

/**
 * Listing state in the URL query (?page=, ?country=, ?petType=, ?near=, ?view=map), so reload,
 * back/forward and shared links keep it. Defaults (page 1, no country, type 1, no position, the
 * list) are left out of the URL.
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const { page, countryId, petTypeId, near, view } = listingParamsOf(params);

  const update = (changes: Record<string, string | number | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { preventScrollReset: false },
    );
  };

  return {
    page,
    countryId,
    petTypeId,
    near,
    view,
    /** a new position (or none) starts again at page 1; the URL keeps it rounded */
    setNear: (p: NearMePosition | null) => {
      const r = p ? roundPosition(p) : null;
      update({ near: r ? `${r.latitude},${r.longitude}` : null, page: null });
    },
    setView: (v: ListingView) => update({ view: v === 'map' ? 'map' : null }),
    setPage: (p: number) => update({ page: p <= FIRST_PAGE ? null : p }),
    /** a new country starts again at page 1 */
    setCountry: (id: string) => update({ country: id || null, page: null }),
    /** SPEC.md §4: choosing a type resets the page to 1 */
    setPetType: (id: number) => update({ petType: id === DEFAULT_PET_TYPE_ID ? null : id, page: null }),
  };
}
