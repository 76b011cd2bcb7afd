import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { dataTitles, type DataTitles } from '#shared/data-titles';
import {
  formatNumbersInAppStyle,
  I18N_OPTIONS,
  intlLocale,
  LANGUAGES,
  pickLanguage,
  type LanguageCode,
} from '#shared/languages';

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
  const resources = Object.fromEntries(
    LANGUAGES.map((l) => [l.code, Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, read(l.code, ns)]))]),
  );
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
export function mailTranslator(language: string | null | undefined): {
  t: TFunction<'mail'>;
  language: LanguageCode;
  titles: DataTitles;
} {
  const code = pickLanguage([language]);
  return { t: serverI18n().getFixedT(code, 'mail'), language: code, titles: dataTitlesIn(code) };
}

/**
 * A translator of the pages' strings (the pet page's share meta, the default description) in `language`, namespace
 * `pet` by default.
 */
export function pageTranslator(language: LanguageCode): TFunction<'pet'> {
  return serverI18n().getFixedT(language, 'pet');
}

/** The data titles (locales/<lang>/data.json) in `language`. */
export function dataTitlesIn(language: LanguageCode): DataTitles {
  const t = serverI18n().getFixedT(language, 'data');
  return dataTitles((key, options) => t(key, options));
}

const titleOrders = new Map<string, readonly number[]>();

/**
 * The ids of the pet types or breeds that locales/en/data.json names, in the alphabetical order of
 * their titles in `language` (that language's collation: pinyin in Chinese, and so on), computed
 * once per language. A grid sorted by type or breed follows what the reader sees, not the English
 * stored title (docs/decisions/0114).
 */
export function titleOrder(kind: 'petType' | 'breed', language: LanguageCode): readonly number[] {
  const id = `${kind}:${language}`;
  let order = titleOrders.get(id);
  if (!order) {
    const english =
      (serverI18n().getResourceBundle('en', 'data') as Record<string, Record<string, string> | undefined>)[kind] ?? {};
    const titles = dataTitlesIn(language);
    const collator = new Intl.Collator(intlLocale(language), { sensitivity: 'base', numeric: true });
    order = Object.entries(english)
      .map(([key, title]) => ({ id: Number(key), title: titles[kind](Number(key), title) }))
      .filter((t) => Number.isInteger(t.id))
      .sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id)
      .map((t) => t.id);
    titleOrders.set(id, order);
  }
  return order;
}
