import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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

export const i18nReady = i18n
  .use(LanguageDetector)
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
    detection: { order: ['querystring', 'localStorage', 'navigator'], lookupQuerystring: 'lang', lookupLocalStorage: 'pawtal.lang', caches: ['localStorage'] },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', applyDocumentLanguage);
void i18nReady.then(() => applyDocumentLanguage(i18n.resolvedLanguage ?? 'en'));

export default i18n;
