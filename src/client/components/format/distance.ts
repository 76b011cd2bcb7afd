import { useCallback } from 'react';
import { useLanguage } from '#client/components/i18n/language';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';
import { intlLocale } from '#shared/languages';
import { numberFormat } from '#client/components/format/intl-formats';

/** Regions whose people read distances in miles. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM', 'PR', 'VI', 'GU', 'AS', 'MP']);
const KM_PER_MILE = 1.609344;

/** Whether a locale such as "en-US" or "en-GB" reads distances in miles ("en" counts as en-US, as Intl guesses). */
export function usesMiles(locale: string): boolean {
  if (!locale) return false;
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region !== undefined && MILE_REGIONS.has(region);
  } catch {
    return false;
  }
}

/** "2.4 km" / "1.5 mi" in the UI language: one decimal under 10, whole numbers above. */
export function formatDistance(km: number, language: string, miles: boolean): string {
  const value = miles ? km / KM_PER_MILE : km;
  return numberFormat(intlLocale(language), {
    style: 'unit',
    unit: miles ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

const browserLocale = () => (typeof navigator === 'undefined' ? '' : (navigator.language ?? ''));

/**
 * Formats distances for this visitor: the unit follows the browser's locale (miles for en-US,
 * en-GB…), the digits the UI language. On the server and while hydrating: kilometres.
 */
export function useDistanceFormat(): (km: number | null | undefined) => string | undefined {
  const language = useLanguage();
  const miles = usesMiles(useBrowserValue(browserLocale, ''));
  return useCallback(
    (km) => (typeof km === 'number' && Number.isFinite(km) ? formatDistance(km, language, miles) : undefined),
    [language, miles],
  );
}
