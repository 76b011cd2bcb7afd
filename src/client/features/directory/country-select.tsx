import { useMemo } from 'react';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCountries } from '#client/api/public-general';
import { useCountryNames } from '#client/components/use-country-names';
import { useLanguage } from '#client/components/language';
import { intlLocale } from '#shared/languages';

/**
 * The country filter: first option "Select a country" (no filter). The countries load once; when
 * that fails the list stays empty and the screen keeps working (the failure is logged by the fetcher).
 */
export function CountrySelect({ value, onChange }: { value: string; onChange: (countryId: string) => void }) {
  const { t } = useTranslation('directory');
  const language = useLanguage();
  const { data: countries = [] } = useCountries();
  const nameOf = useCountryNames(language);
  const options = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(language));
    return countries.map((c) => ({ id: String(c.id), name: nameOf(c.code, c.title) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, nameOf, language]);

  return (
    <TextField
      select
      size="small"
      label={t('country.label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'country-select' } }}
      sx={{ minWidth: { xs: '100%', sm: 260 }, maxWidth: { sm: 320 } }}
    >
      <option value="">{t('country.placeholder')}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </TextField>
  );
}
