import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PET_TYPE_ID, FIRST_PAGE } from '#shared/constants';
import { parsePage } from '../../components/paging';

/** A pet type id from the URL: a whole number ≥ 1, else the default type 1 (SPEC.md §4). */
export function parsePetType(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_PET_TYPE_ID;
}

/** A country id from the URL: digits, else "" (no filter). */
export function parseCountry(value: string | null): string {
  return value && /^\d{1,9}$/.test(value) ? value : '';
}

/**
 * Listing state in the URL query (?page=, ?country=, ?petType=), so reload, back/forward and
 * shared links keep it. Defaults (page 1, no country, type 1) are left out of the URL.
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const countryId = parseCountry(params.get('country'));
  const petTypeId = parsePetType(params.get('petType'));

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
    setPage: (p: number) => update({ page: p <= FIRST_PAGE ? null : p }),
    /** a new country starts again at page 1 */
    setCountry: (id: string) => update({ country: id || null, page: null }),
    /** SPEC.md §4: choosing a type resets the page to 1 */
    setPetType: (id: number) => update({ petType: id === DEFAULT_PET_TYPE_ID ? null : id, page: null }),
  };
}
