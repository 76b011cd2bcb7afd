/**
 * Breed search of the pet form: every space-separated word of the query appears in the title, case-insensitive (in the
 * reader's language's case rules).
 */
export function breedMatches(title: string, query: string, locale?: string): boolean {
  const words = query.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  const haystack = title.toLocaleLowerCase(locale);
  return words.every((w) => haystack.includes(w));
}

/**
 * The breeds whose title in the reader's language, or whose English title (`englishTitle`, the
 * name a breed is known by around the world), has every word of the query.
 */
export function filterBreeds<T extends { title: string; englishTitle?: string }>(
  breeds: readonly T[],
  query: string,
  locale?: string,
): T[] {
  return breeds.filter(
    (b) =>
      breedMatches(b.title, query, locale) ||
      (b.englishTitle !== undefined && breedMatches(b.englishTitle, query, 'en')),
  );
}
