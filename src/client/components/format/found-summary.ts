import { useTranslation } from 'react-i18next';
import type { FoundPetCard } from '#shared/contract/found-pets';
import { useDataTitles } from '#client/components/format/data-titles';

type FoundFacts = Pick<FoundPetCard, 'petTypeId' | 'colors' | 'size'>;

/**
 * "Dog: Black, Tan, Medium": how a list card, the report's page, its flyer and the owner's sightings page (its
 * candidates) name a found pet.
 */
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
