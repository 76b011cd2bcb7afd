import { useSyncExternalStore } from 'react';

/** The region of the first browser language that names one ("en-US" → "US"), or null. */
export function firstRegion(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region) return region.toUpperCase();
    } catch {
      // not a language tag: the next one
    }
  }
  return null;
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/** The language the page is shown in (the one the visitor chose), as the root element says. */
function pageLanguage(): string {
  return typeof document === 'undefined' ? '' : document.documentElement.lang;
}

/**
 * A visitor's choice among a few values, remembered in localStorage (and followed across tabs);
 * until one is made, `fallback` picks from the browser's languages and the page's language. On the server it is
 * `serverValue` (what depends on it renders in the browser).
 */
export function rememberedChoice<T extends string>(
  key: string,
  values: readonly T[],
  fallback: (languages: readonly string[], pageLanguage: string) => T,
  serverValue: T,
) {
  const listeners = new Set<() => void>();
  /** Set only when storage refuses the choice, so it still holds on this page. */
  let chosenHere: T | null = null;

  const read = (): T => {
    if (chosenHere) return chosenHere;
    try {
      const stored = window.localStorage.getItem(key);
      const known = values.find((v) => v === stored);
      if (known) return known;
    } catch {
      // storage blocked: the browser's languages decide
    }
    return fallback(browserLanguages(), pageLanguage());
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    use: (): T => useSyncExternalStore(subscribe, read, () => serverValue),
    choose(value: T): void {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        chosenHere = value;
      }
      listeners.forEach((l) => l());
    },
  };
}
