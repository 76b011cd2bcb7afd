import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json') as countriesLib.LocaleData);

export interface CountryRow {
  id: number;
  code: string;
  title: string;
}

/** Every country of i18n-iso-countries, ids in alpha-2 code order, English official names. */
export const COUNTRIES: CountryRow[] = Object.entries(countriesLib.getNames('en', { select: 'official' }))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([code, title], i) => ({ id: i + 1, code, title }));

export function countryId(code: string): number {
  const row = COUNTRIES.find((c) => c.code === code);
  if (!row) throw new Error(`unknown country code ${code}`);
  return row.id;
}
