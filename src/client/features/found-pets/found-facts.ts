import { useTranslation } from 'react-i18next';
import type { FoundPetCard } from '#shared/contract/found-pets';
import { useDataTitles } from '#client/components/format/data-titles';

type FoundFacts = Pick<FoundPetCard, 'petTypeId' | 'colors' | 'size'>;

/** "Dog: Black, Tan, Medium": how a list card, the report's page and its flyer name a found pet. */
export function useFoundSummary(): (pet: FoundFacts) => string {
  const { t } = useTranslation('found');
  const titles = useDataTitles();
  return (pet) =>
    t('page.card', {
      type: titles.petType(pet.petTypeId, ''),
      colors: pet.colors.map((c) => t(`color.${c}`)).join(', '),
      size: t(`size.${pet.size}`),
    });
}

/** The report id of a /found/{id} address: digits only (no sign, no leading zero), else null (a "not found" page). */
export function foundPetIdOf(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}
