import { useTranslation } from 'react-i18next';
import { pickLanguage, type LanguageCode } from '#shared/languages';

/** One of Pawtal's language codes for an i18next language ("es-MX" → "es"; English when unknown). */
export function languageCode(language: string | null | undefined): LanguageCode {
  return pickLanguage([language]);
}

/** The language the UI shows now, as one of Pawtal's codes. */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return pickLanguage([i18n.resolvedLanguage, i18n.language]);
}
