import { intlLocale } from '#shared/languages';

/** A number in the format of the visitor's language (Latin digits in every language, decision 0108). */
export function formatNumber(value: number, language: string | undefined, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}
