import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  formatNumbersInAppStyle,
  I18N_OPTIONS,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
} from '#shared/languages';
import { readServerRenderState } from '#client/app/server-render-state';
import { loadLocaleFile } from '#client/app/locale-files/locale-files';

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * The visitor's language: ?lang=, then the language the server rendered the page in (it already
 * weighed ?lang=, the remembered choice and Accept-Language; hydration must use the same strings),
 * then the remembered choice, then the browser's languages.
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
    const rendered = readServerRenderState()?.language;
    if (rendered) found.push(rendered);
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
      // storage blocked: the cookie below still carries the choice
    }
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; SameSite=Lax`;
  },
};

export const i18nReady = i18n
  .use(languageDetector)
  .use({
    type: 'backend',
    // Each locale file is its own chunk: a page loads only the languages and namespaces it uses.
    read(language: string, namespace: string, callback: (err: unknown, data?: Record<string, unknown>) => void) {
      loadLocaleFile(language, namespace).then(
        (strings) => callback(null, strings),
        (err: unknown) => callback(err),
      );
    },
  })
  .use(initReactI18next)
  .init({ ...I18N_OPTIONS, ns: ['common'], react: { useSuspense: true } });

i18n.on('languageChanged', applyDocumentLanguage);
void i18nReady.then(() => applyDocumentLanguage(i18n.resolvedLanguage ?? 'en'));
formatNumbersInAppStyle(i18n);

export default i18n;
