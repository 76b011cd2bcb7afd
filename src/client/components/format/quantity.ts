import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '#shared/languages';
import { useDataTitles } from '#client/components/format/data-titles';

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/**
 * A number as recorded ("3.40") in the reader's language ("3,4" in German); text that is not a plain number stays as
 * written.
 */
function formatRecordedNumber(value: string, language: string | undefined): string {
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return value;
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 3 }).format(Number(trimmed));
}

/**
 * A value with its unit in the reader's language and number format: "3.4 kg", "3,4 kg", "3.4 كغ".
 * The unit follows the number in every language of the app; the caller shows it in a <bdi> so a
 * unit without a translation keeps its place in a right-to-left line.
 */
export function useQuantity(): (value: string, unitId: number | null | undefined, unitTitle: string) => string {
  const { i18n } = useTranslation();
  const titles = useDataTitles();
  return useCallback(
    (value: string, unitId: number | null | undefined, unitTitle: string) =>
      [formatRecordedNumber(value, i18n.language), titles.unit(unitId, unitTitle)]
        .filter((part) => part.trim() !== '')
        .join('\u00a0'),
    [i18n.language, titles],
  );
}
