import { Box, Typography } from '@mui/material';
import type { PetGroup } from '#shared/contract/pets';
import { CardGrid } from '#client/components/card-grid';
import { FIRST_PAINT_CARDS } from '#client/components/image-with-fallback';
import { PetCard } from '#client/components/pet-card';
import { useDataTitles } from '#client/components/data-titles';

/** One section per breed (heading: the breed's title in the visitor's language) with its pets' cards (and, near me, their distances). */
export function BreedSections({
  groups,
  linkOf,
  distanceOf,
}: {
  groups: PetGroup[];
  linkOf: (pet: PetGroup['pets'][number]) => string;
  distanceOf?: (pet: PetGroup['pets'][number]) => string | undefined;
}) {
  const titles = useDataTitles();
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 } }}>
      {groups.map((group, groupIndex) => {
        const headingId = `breed-${group.petBreedId}`;
        return (
          <Box component="section" key={group.petBreedId} aria-labelledby={headingId}>
            {/* a data title in the page's language: the heading takes the page's side (docs/decisions/0107) */}
            <Typography id={headingId} component="h2" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' }, mb: 1.5 }}>
              <bdi>{titles.breed(group.petBreedId, group.petBreedTitle)}</bdi>
            </Typography>
            <CardGrid variant="pet">
              {group.pets.map((pet, index) => (
                <PetCard key={pet.petId} name={pet.petName} image={pet.petImage} age={pet.age} to={linkOf(pet)} distance={distanceOf?.(pet)} priority={groupIndex === 0 && index < FIRST_PAINT_CARDS} />
              ))}
            </CardGrid>
          </Box>
        );
      })}
    </Box>
  );
}
