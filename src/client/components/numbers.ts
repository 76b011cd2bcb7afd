import { intlLocale } from '#client/components/dates';

/** A number in the format of the visitor's language (Arabic-Indic digits and separators in Arabic). */
export function formatNumber(value: number, language: string | undefined, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}
