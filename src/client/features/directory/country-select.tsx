import { useMemo } from 'react';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Directory } from '#shared/contract/general';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchDirectoryCountries, useCountries, useDirectoryCountries } from '#client/api/public-general';
import { prefetchCountryTitles, useCountryNames } from '#client/components/i18n/use-country-names';
import { useLanguage } from '#client/components/i18n/language';
import { intlLocale } from '#shared/languages';
import { collator } from '#client/components/format/intl-formats';

interface CountryOption {
  id: string;
  name: string;
  /** providers (or shelters) of this directory in the country */
  count: number;
}

/**
 * The options of a directory's country filter: the countries that have providers of its kind,
 * with their counts, then every other country; each group by name in the visitor's language.
 */
export function countryGroups(
  countries: Array<{ id: number; name: string }>,
  counts: Array<{ id: number; count: number }>,
  language: string,
): { withSome: CountryOption[]; others: CountryOption[] } {
  const { compare } = collator(language);
  const countOf = new Map(counts.map((c) => [c.id, c.count]));
  const options = countries
    .map((c) => ({ id: String(c.id), name: c.name, count: countOf.get(c.id) ?? 0 }))
    .sort((a, b) => compare(a.name, b.name));
  return { withSome: options.filter((o) => o.count > 0), others: options.filter((o) => o.count === 0) };
}

/**
 * What CountrySelect reads, for a page's prefetch: the countries in the visitor's language and the directory's counts.
 */
export async function prefetchCountrySelect(
  client: QueryClient,
  directory: Directory,
  language: string,
): Promise<void> {
  await Promise.all([prefetchCountryTitles(client, language), prefetchDirectoryCountries(client, directory)]);
}

/**
 * The country filter: first option "Select a country" (no filter), then the countries where this
 * directory has providers, with how many, then the rest. The countries load once; when that fails
 * the list stays empty and the screen keeps working (the failure is logged by the fetcher); when
 * the counts fail, every country is listed alike.
 */
export function CountrySelect({
  directory,
  value,
  onChange,
}: {
  directory: Directory;
  value: string;
  onChange: (countryId: string) => void;
}) {
  const { t } = useTranslation('directory');
  const language = useLanguage();
  const { data: countries = [] } = useCountries();
  const { data: counts } = useDirectoryCountries(directory);
  const nameOf = useCountryNames(language);
  const groups = useMemo(
    () =>
      countryGroups(
        countries.map((c) => ({ id: c.id, name: nameOf(c.code, c.title) })),
        counts ?? [],
        intlLocale(language),
      ),
    [countries, counts, nameOf, language],
  );
  const number = new Intl.NumberFormat(intlLocale(language));
  const option = (o: CountryOption) => (
    <option key={o.id} value={o.id}>
      {o.count > 0
        ? t('country.withCount', { name: o.name, count: o.count, formatted: number.format(o.count) })
        : o.name}
    </option>
  );

  return (
    <TextField
      select
      size="small"
      label={t('country.label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'country-select' },
      }}
      sx={{ minWidth: { xs: '100%', sm: 260 }, maxWidth: { sm: 320 } }}
    >
      <option value="">{t('country.placeholder')}</option>
      {groups.withSome.length > 0 ? (
        <>
          <optgroup label={t(`country.withProviders.${directory}`)}>{groups.withSome.map(option)}</optgroup>
          <optgroup label={t('country.others')}>{groups.others.map(option)}</optgroup>
        </>
      ) : (
        groups.others.map(option)
      )}
    </TextField>
  );
}
