/** Every API answer: result 1 success, 0 failure (SPEC.md §7). */
export interface Envelope<T> {
  result: 0 | 1;
  message: string;
  data: T | null;
}
