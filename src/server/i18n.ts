import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction, type TOptions } from 'i18next';
import { dataTitles, type DataTitles } from '#shared/data-titles';
import {
  formatNumbersInAppStyle,
  I18N_OPTIONS,
  intlLocale,
  LANGUAGES,
  pickLanguage,
  type LanguageCode,
} from '#shared/languages';

/**
 * Every text the server writes comes from this one i18next instance (docs/decisions/0135): the API's messages
 * (locales/<lang>/server.json, and the client's form rules they share: portal, account), e-mails, data titles, page
 * heads. So each has i18next's plurals (`count`) and numbers in the app's one digit style (`{{n, number}}`).
 */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const SERVER_NAMESPACES = ['server', 'mail', 'data', 'pet', 'common', 'portal', 'account', 'staff', 'found'] as const;

let instance: ReturnType<typeof i18next.createInstance> | null = null;

/** The instance, with every language's server namespaces read once, at the first text asked for. */
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
    defaultNS: 'server',
    ns: [...SERVER_NAMESPACES],
    initAsync: false,
    // Values are never read as templates ($t(...) or {{...}} in a name someone typed stays as typed).
    interpolation: { escapeValue: false, skipOnVariables: true },
  });
  // Numbers in the app's one digit style (docs/decisions/0108): {{count, number}} with Latin digits in Arabic too.
  formatNumbersInAppStyle(instance);
  return instance;
}

/** `key` ("someKey" of server.json, or "ns:path.to.key") in `language`, English when that language lacks it. */
export function translate(language: LanguageCode, key: string, options: TOptions = {}): string {
  return serverI18n().t(key, { ...options, lng: language });
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
