import type { InitOptions } from 'i18next';
/**
 * The languages and string namespaces of the app, and how a visitor's language is chosen. No side
 * effects: the server's renderer imports this too.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'es', label: 'Español', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
  { code: 'fr', label: 'Français', dir: 'ltr' },
  { code: 'de', label: 'Deutsch', dir: 'ltr' },
  { code: 'pt', label: 'Português', dir: 'ltr' },
  { code: 'it', label: 'Italiano', dir: 'ltr' },
  { code: 'tr', label: 'Türkçe', dir: 'ltr' },
  { code: 'zh', label: '中文（简体）', dir: 'ltr' },
  { code: 'hi', label: 'हिन्दी', dir: 'ltr' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const NAMESPACES = [
  'common',
  'home',
  'directory',
  'pet',
  'provider',
  'legal',
  'account',
  'support',
  'portal',
  'staff',
  'data',
  'found',
] as const;
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

/**
 * The locale Intl (dates, numbers) and the formatters use for a language: one digit style in the whole
 * app, Latin digits 0-9 in every language, Arabic included (docs/decisions/0108): phone numbers,
 * public IDs and what people type are in those digits, so formatted numbers and dates are too.
 * English dates are the long US format of SPEC.md §9, Chinese is Simplified.
 */
export function intlLocale(language: string | undefined): string {
  const code = pickLanguage([language]);
  return INTL_LOCALES[code];
}
const INTL_LOCALES: Record<LanguageCode, string> = {
  en: 'en-US',
  es: 'es-ES',
  ar: 'ar-u-nu-latn',
  fr: 'fr-FR',
  de: 'de-DE',
  pt: 'pt-BR',
  it: 'it-IT',
  tr: 'tr-TR',
  zh: 'zh-Hans-CN',
  hi: 'hi-IN-u-nu-latn',
};

/** What formatNumbersInAppStyle needs of an i18next instance (initialised). */
interface I18nWithFormatter {
  services: {
    formatter?: {
      add(
        name: string,
        format: (value: unknown, lng: string | undefined, options: Intl.NumberFormatOptions) => string,
      ): void;
    };
  };
}

/** i18next's {{value, number}} in the app's one digit style (intlLocale): call once on every instance after init. */
export function formatNumbersInAppStyle(instance: I18nWithFormatter): void {
  instance.services.formatter?.add('number', (value, lng, options) =>
    new Intl.NumberFormat(intlLocale(lng), options).format(Number(value)),
  );
}

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
