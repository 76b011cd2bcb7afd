import type { InitOptions } from 'i18next';
/**
 * The languages and string namespaces of the app, and how a visitor's language is chosen. No side
 * effects: the server's renderer imports this too.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'es', label: 'Español', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const NAMESPACES = ['common', 'home', 'directory', 'pet', 'provider', 'legal', 'account', 'support', 'portal'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** i18next options shared by the browser's instance and the server renderer's. */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((l) => l.code),
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/** The remembered choice: localStorage in the browser, mirrored in a cookie so the server renders the same language. */
export const LANGUAGE_STORAGE_KEY = 'pawtal.lang';
export const LANGUAGE_COOKIE = 'pawtal_lang';

export function directionOf(language: string | undefined): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === language?.split('-')[0])?.dir ?? 'ltr';
}

/** The first supported language among candidates in order of preference ("es-MX" counts as "es"); English otherwise. */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): LanguageCode {
  for (const candidate of candidates) {
    const code = candidate?.trim().split('-')[0].toLowerCase();
    const found = LANGUAGES.find((l) => l.code === code);
    if (found) return found.code;
  }
  return 'en';
}

/** Accept-Language ("es-MX,es;q=0.9,en;q=0.8") as languages by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}
