import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import type { PetCard as PetCardData, PetGroup } from '#shared/contract/pets';
import { CardGrid } from '#client/components/lists/card-grid';
import { FIRST_PAINT_CARDS } from '#client/components/media/image-with-fallback';
import { useDataTitles } from '#client/components/format/data-titles';

/**
 * How a listing draws one pet's card; `priority` for the first cards in view, `breed` where no breed heading stands
 * over it.
 */
export type RenderPetCard = (pet: PetCardData, options: { priority: boolean; breed?: string }) => ReactNode;

/** One section per breed (heading: the breed's title in the visitor's language) with its pets' cards (SPEC.md §2). */
export function BreedSections({ groups, renderCard }: { groups: PetGroup[]; renderCard: RenderPetCard }) {
  const titles = useDataTitles();
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 } }}>
      {groups.map((group, groupIndex) => {
        const headingId = `breed-${group.petBreedId}`;
        return (
          <Box component="section" key={group.petBreedId} aria-labelledby={headingId}>
            {/* a data title in the page's language: the heading takes the page's side (docs/decisions/0107) */}
            <Typography
              id={headingId}
              component="h2"
              variant="h2"
              sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, mb: 1.5 }}
            >
              <bdi>{titles.breed(group.petBreedId, group.petBreedTitle)}</bdi>
            </Typography>
            <CardGrid variant="pet">
              {group.pets.map((pet, index) =>
                renderCard(pet, { priority: groupIndex === 0 && index < FIRST_PAINT_CARDS }),
              )}
            </CardGrid>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The page's pets nearest first, across breeds (a lost-pets search near the visitor): one list in
 * distance order, each card naming its breed. Pets without a distance come last, in page order.
 */
export function nearestFirst(groups: PetGroup[]): Array<{ pet: PetCardData; breedId: number; breed: string }> {
  const pets = groups.flatMap((g) => g.pets.map((pet) => ({ pet, breedId: g.petBreedId, breed: g.petBreedTitle })));
  const distance = (km: number | null | undefined) => km ?? Number.POSITIVE_INFINITY;
  return pets
    .map((p, order) => ({ ...p, order }))
    .sort((a, b) => distance(a.pet.distanceKm) - distance(b.pet.distanceKm) || a.order - b.order);
}

/** The nearest-first list (one grid, no breed headings). */
export function NearestList({
  groups,
  label,
  renderCard,
}: {
  groups: PetGroup[];
  label: string;
  renderCard: RenderPetCard;
}) {
  const titles = useDataTitles();
  return (
    <CardGrid variant="pet" label={label}>
      {nearestFirst(groups).map(({ pet, breedId, breed }, index) =>
        renderCard(pet, { priority: index < FIRST_PAINT_CARDS, breed: titles.breed(breedId, breed) }),
      )}
    </CardGrid>
  );
}
