import type { LanguageCode } from '#shared/languages';

/** One language's string files by path ("/locales/fr/common.json"), each its own chunk. */
export type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Each language's list of string files is a module of its own, loaded with the language's first
 * strings: the entry holds ten of these instead of every file of every language (the server's own
 * namespaces, messages and e-mails, never reach the browser).
 */
const LANGUAGE_FILES: Record<LanguageCode, () => Promise<{ default: LocaleFiles }>> = {
  en: () => import('#client/app/locale-files/en'),
  es: () => import('#client/app/locale-files/es'),
  ar: () => import('#client/app/locale-files/ar'),
  fr: () => import('#client/app/locale-files/fr'),
  de: () => import('#client/app/locale-files/de'),
  pt: () => import('#client/app/locale-files/pt'),
  it: () => import('#client/app/locale-files/it'),
  tr: () => import('#client/app/locale-files/tr'),
  zh: () => import('#client/app/locale-files/zh'),
  hi: () => import('#client/app/locale-files/hi'),
};

/** The module the server renderer names for a language's file list, so the page preloads it with the strings. */
export function localeFilesModule(language: LanguageCode): string {
  return `src/client/app/locale-files/${language}.ts`;
}

/** One namespace's strings in one language; {} for a language or namespace the app does not have. */
export async function loadLocaleFile(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = LANGUAGE_FILES[language as LanguageCode];
  if (!load) return {};
  const { default: files } = await load();
  const file = files[`/locales/${language}/${namespace}.json`];
  return file ? (await file()).default : {};
}
