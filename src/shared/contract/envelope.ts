/** Every API answer: result 1 success, 0 failure (SPEC.md §7). */
export interface Envelope<T> {
  result: 0 | 1;
  message: string;
  data: T | null;
}

export const RESULT_OK = 1;
export const RESULT_FAIL = 0;

/** Paged list answer of the provider and shelter listings. */
export interface PagedItems<T> {
  items: T[];
  totalCount: number;
}
