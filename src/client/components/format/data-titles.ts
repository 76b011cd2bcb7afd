import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_NAMESPACE, dataTitles, type DataTitles } from '#shared/data-titles';

/**
 * The titles of our reference data (pet types, breeds, wellness categories and record types,
 * units, skills, vaccinations, antiparasitics, specialities) in the visitor's language, from
 * locales/<lang>/data.json (docs/decisions/0105). A title the file lacks shows as the server sent it.
 */
export function useDataTitles(language?: string): DataTitles {
  // `language`: another than the page's (a printout in its owner's language)
  const { t } = useTranslation(DATA_NAMESPACE, { lng: language });
  return useMemo(() => dataTitles((key, options) => t(key, options)), [t]);
}
