import { useCallback, useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { countriesQuery, useCountries } from '#client/api/public-general';
import { languageCode, useLanguage } from '#client/components/i18n/language';
import type { LanguageCode } from '#shared/languages';

type LocaleData = { locale: string; countries: Record<string, string | string[]> };

// Only the languages Pawtal speaks are registered, each loaded when first needed.
const localeLoaders: Record<LanguageCode, () => Promise<{ default: LocaleData }>> = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  ar: () => import('i18n-iso-countries/langs/ar.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  de: () => import('i18n-iso-countries/langs/de.json'),
  pt: () => import('i18n-iso-countries/langs/pt.json'),
  it: () => import('i18n-iso-countries/langs/it.json'),
  tr: () => import('i18n-iso-countries/langs/tr.json'),
  zh: () => import('i18n-iso-countries/langs/zh.json'),
  hi: () => import('i18n-iso-countries/langs/hi.json'),
};

/** The names of each language, loaded once (the server renderer asks on every page that shows a country). */
const namesByLanguage = new Map<LanguageCode, Promise<Record<string, string>>>();

function loadCountryNames(language: LanguageCode): Promise<Record<string, string>> {
  let names = namesByLanguage.get(language);
  if (!names) {
    names = importCountryNames(language).catch((error: unknown) => {
      namesByLanguage.delete(language);
      throw error;
    });
    namesByLanguage.set(language, names);
  }
  return names;
}

async function importCountryNames(language: LanguageCode): Promise<Record<string, string>> {
  const load = localeLoaders[language];
  // The package's core, without its Node entry (which requires every language's names at once and
  // breaks in the server renderer's bundle): the browser and the server both load one language.
  const [{ default: countries }, { default: locale }] = await Promise.all([import('i18n-iso-countries/index'), load()]);
  countries.registerLocale(locale);
  return countries.getNames(language, { select: 'official' });
}

/** The country names of a language (no server call: the package's names, loaded once). */
function countryNamesQuery(language: string) {
  const lang = languageCode(language);
  return queryOptions({
    queryKey: ['country-names', lang] as const,
    queryFn: () => loadCountryNames(lang),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * Country names in the visitor's language (by ISO code), or the server's title where the package
 * has none. Returns a lookup `(code, title) => name`.
 */
export function useCountryNames(language: string): (code: string | null | undefined, title: string) => string {
  const { data } = useQuery(countryNamesQuery(language));
  return useCallback((code, title) => (code && data?.[code.toUpperCase()]) || title, [data]);
}

/** Loads what useCountryTitleInLanguage reads (for a page's prefetch on the server). */
export async function prefetchCountryTitles(client: QueryClient, language: string): Promise<void> {
  await Promise.all([client.prefetchQuery(countriesQuery()), client.prefetchQuery(countryNamesQuery(language))]);
}

/**
 * A country as the API names it in a listing or a detail (its English title) in the visitor's
 * language, through the ISO code the countries list gives that title.
 */
export function useCountryTitleInLanguage(): (title: string) => string {
  const nameOf = useCountryNames(useLanguage());
  const { data: countries } = useCountries();
  const codeByTitle = useMemo(
    () => new Map((countries ?? []).map((c) => [c.title.trim().toLowerCase(), c.code])),
    [countries],
  );
  return useCallback(
    (title: string) => nameOf(codeByTitle.get(title.trim().toLowerCase()), title),
    [nameOf, codeByTitle],
  );
}
