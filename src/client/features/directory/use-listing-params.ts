import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PET_TYPE_ID, FIRST_PAGE } from '#shared/constants';
import type { NearMePosition } from '#shared/contract/near-me';
import {
  parseCountry,
  parseNear,
  parsePage,
  parsePetType,
  parseView,
  roundPosition,
  type ListingView,
} from '#shared/listing-query';

/** The listing state an address holds (the server renderer's prefetch reads it the same way). */
export function listingParamsOf(params: URLSearchParams) {
  return {
    page: parsePage(params.get('page')),
    countryId: parseCountry(params.get('country')),
    petTypeId: parsePetType(params.get('petType')),
    near: parseNear(params.get('near')),
    view: parseView(params.get('view')),
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
