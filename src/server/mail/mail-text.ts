import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, pickLanguage, type LanguageCode } from '#shared/languages';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

let instance: ReturnType<typeof i18next.createInstance> | null = null;

/** The e-mail strings (locales/<lang>/mail.json) in one i18next instance, loaded once. */
function mailI18n() {
  if (instance) return instance;
  const resources = Object.fromEntries(
    LANGUAGES.map((l) => [l.code, { mail: JSON.parse(fs.readFileSync(path.join(localesDir, l.code, 'mail.json'), 'utf8')) as Record<string, unknown> }]),
  );
  instance = i18next.createInstance();
  void instance.init({ resources, fallbackLng: 'en', defaultNS: 'mail', ns: ['mail'], initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

/** A translator for e-mails in `language` (English when the language is unknown or not supported). */
export function mailTranslator(language: string | null | undefined): { t: TFunction<'mail'>; language: LanguageCode } {
  const code = pickLanguage([language]);
  return { t: mailI18n().getFixedT(code, 'mail'), language: code };
}
