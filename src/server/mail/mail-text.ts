import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { dataTitles, type DataTitles } from '#shared/data-titles';
import { formatNumbersInAppStyle, I18N_OPTIONS, LANGUAGES, pickLanguage, type LanguageCode } from '#shared/languages';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

/** The namespaces the server writes text from besides its messages: e-mails, data titles, the pet page's share meta. */
const SERVER_NAMESPACES = ['mail', 'data', 'pet', 'common'] as const;

let instance: ReturnType<typeof i18next.createInstance> | null = null;

/** The server's strings (locales/<lang>/{mail,data,pet,common}.json) in one i18next instance, loaded once. */
function serverI18n() {
  if (instance) return instance;
  const read = (language: string, ns: string): Record<string, unknown> => {
    const file = path.join(localesDir, language, `${ns}.json`);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  };
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l.code, Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, read(l.code, ns)]))]));
  instance = i18next.createInstance();
  void instance.init({
    resources,
    fallbackLng: 'en',
    supportedLngs: I18N_OPTIONS.supportedLngs,
    defaultNS: 'mail',
    ns: [...SERVER_NAMESPACES],
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // Numbers in the app's one digit style (docs/decisions/0108): {{count, number}} with Latin digits in Arabic too.
  formatNumbersInAppStyle(instance);
  return instance;
}

/** A translator for e-mails in `language` (English when the language is unknown or not supported). */
export function mailTranslator(language: string | null | undefined): { t: TFunction<'mail'>; language: LanguageCode; titles: DataTitles } {
  const code = pickLanguage([language]);
  return { t: serverI18n().getFixedT(code, 'mail'), language: code, titles: dataTitlesIn(code) };
}

/** A translator of the pages' strings (the pet page's share meta, the default description) in `language`, namespace `pet` by default. */
export function pageTranslator(language: LanguageCode): TFunction<'pet'> {
  return serverI18n().getFixedT(language, 'pet');
}

/** The data titles (locales/<lang>/data.json) in `language`. */
export function dataTitlesIn(language: LanguageCode): DataTitles {
  const t = serverI18n().getFixedT(language, 'data');
  return dataTitles((key, options) => t(key, options));
}
