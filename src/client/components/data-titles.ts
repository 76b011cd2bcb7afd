import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Titles of the server's reference data (wellness categories, record types, skills) in the
 * visitor's language when locales/<lang>/pet.json knows them ("reference" keyed by the English
 * title); any other title is shown as the server sent it.
 */
export function useReferenceTitle(): (title: string) => string {
  const { t } = useTranslation('pet');
  return useCallback((title: string) => (/[.:]/.test(title) ? title : t(`reference.${title}`, { defaultValue: title })), [t]);
}

/**
 * Pet-type titles (Dog, Cat …) in the visitor's language: locales/<lang>/common.json "petTypes",
 * keyed by the English title the server sends; a type the locales do not know yet shows as sent.
 */
export function usePetTypeTitle(): (title: string) => string {
  const { t } = useTranslation('common');
  return useCallback((title: string) => (/[.:]/.test(title) ? title : t(`petTypes.${title}`, { defaultValue: title })), [t]);
}
