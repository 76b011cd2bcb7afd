import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'es', label: 'Español', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const NAMESPACES = ['common', 'home', 'directory', 'pet', 'provider', 'legal', 'account', 'support', 'portal'] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Each locale file is its own chunk: a page loads only the languages and namespaces it uses.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('/locales/*/*.json');

export function directionOf(language: string | undefined): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === language?.split('-')[0])?.dir ?? 'ltr';
}

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

const LANGUAGE_STORAGE_KEY = 'pawtal.lang';

/**
 * The visitor's language: ?lang=, then the remembered choice, then the browser's languages.
 * (A few lines instead of i18next-browser-languagedetector, to keep the home page's JavaScript small.)
 */
const languageDetector = {
  type: 'languageDetector' as const,
  init() {},
  detect(): string[] | undefined {
    if (typeof window === 'undefined') return undefined;
    const found: string[] = [];
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    if (fromQuery) found.push(fromQuery);
    try {
      const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
      if (stored) found.push(stored);
    } catch {
      // storage blocked: fall through to the browser's languages
    }
    found.push(...(navigator.languages ?? [navigator.language]));
    return found;
  },
  cacheUserLanguage(language: string) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  },
};

export const i18nReady = i18n
  .use(languageDetector)
  .use({
    type: 'backend',
    read(language: string, namespace: string, callback: (err: unknown, data?: Record<string, unknown>) => void) {
      const load = localeFiles[`/locales/${language}/${namespace}.json`];
      if (!load) return callback(null, {});
      load().then((m) => callback(null, m.default), (err: unknown) => callback(err));
    },
  })
  .use(initReactI18next)
  .init({
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', applyDocumentLanguage);
void i18nReady.then(() => applyDocumentLanguage(i18n.resolvedLanguage ?? 'en'));

export default i18n;
