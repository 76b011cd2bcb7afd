import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import type { PetCard as PetCardData, PetGroup } from '#shared/contract/pets';
import { CardGrid } from '#client/components/card-grid';
import { FIRST_PAINT_CARDS } from '#client/components/image-with-fallback';

/** How a listing draws one pet's card; `priority` for the first cards in view, `breed` where no breed heading stands over it. */
export type RenderPetCard = (pet: PetCardData, options: { priority: boolean; breed?: string }) => ReactNode;

/** One section per breed (heading petBreedTitle) with its pets' cards (SPEC.md §2). */
export function BreedSections({ groups, renderCard }: { groups: PetGroup[]; renderCard: RenderPetCard }) {
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 } }}>
      {groups.map((group, groupIndex) => {
        const headingId = `breed-${group.petBreedId}`;
        return (
          <Box component="section" key={group.petBreedId} aria-labelledby={headingId}>
            <Typography dir="auto" id={headingId} component="h2" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, mb: 1.5 }}>
              {group.petBreedTitle}
            </Typography>
            <CardGrid variant="pet">{group.pets.map((pet, index) => renderCard(pet, { priority: groupIndex === 0 && index < FIRST_PAINT_CARDS }))}</CardGrid>
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
export function nearestFirst(groups: PetGroup[]): Array<{ pet: PetCardData; breed: string }> {
  const pets = groups.flatMap((g) => g.pets.map((pet) => ({ pet, breed: g.petBreedTitle })));
  const distance = (km: number | null | undefined) => km ?? Number.POSITIVE_INFINITY;
  return pets.map((p, order) => ({ ...p, order })).sort((a, b) => distance(a.pet.distanceKm) - distance(b.pet.distanceKm) || a.order - b.order);
}

/** The nearest-first list (one grid, no breed headings). */
export function NearestList({ groups, label, renderCard }: { groups: PetGroup[]; label: string; renderCard: RenderPetCard }) {
  return (
    <CardGrid variant="pet" label={label}>
      {nearestFirst(groups).map(({ pet, breed }, index) => renderCard(pet, { priority: index < FIRST_PAINT_CARDS, breed }))}
    </CardGrid>
  );
}
