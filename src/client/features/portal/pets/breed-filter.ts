/** Breed search of the pet form: every space-separated word of the query appears in the title, case-insensitive. */
export function breedMatches(title: string, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = title.toLocaleLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function filterBreeds<T extends { title: string }>(breeds: readonly T[], query: string): T[] {
  return breeds.filter((b) => breedMatches(b.title, query));
}
