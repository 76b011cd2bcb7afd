import { Avatar, Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import PetsIcon from '@mui/icons-material/Pets';
import { hasImage } from '#client/components/media/media';
import { formatAge } from '#client/components/format/age';
import { useDataTitles } from '#client/components/format/data-titles';
import { UserText } from '#client/components/i18n/bidi';

/** Round pet photo; the paw placeholder when there is no image or it fails to load. */
export function PetAvatar({ src, name, size = 56 }: { src: string | null | undefined; name: string; size?: number }) {
  return (
    <Avatar
      src={hasImage(src) ? src : undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
    >
      <PetsIcon aria-hidden sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
}

/** Small pet-type icon beside the type's name. */
export function PetTypeIcon({ src }: { src: string | null | undefined }) {
  if (!hasImage(src)) return null;
  return <img src={src} alt="" width={18} height={18} style={{ verticalAlign: 'text-bottom', objectFit: 'contain' }} />;
}

interface PetSummaryProps {
  pet: {
    petName: string;
    petImage: string | null;
    petTypeImage: string | null;
    petType: string;
    petTypeId: number;
    petBreed: string;
    petBreedId: number;
    age: number | null;
  };
  headingLevel: 'h2' | 'h3';
}

/** A pet's photo, name and "type · breed · age" line, at the head of the portal's cards. */
export function PetSummary({ pet, headingLevel }: PetSummaryProps) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <PetAvatar src={pet.petImage} name={pet.petName} />
      <Box sx={{ minWidth: 0 }}>
        <Typography component={headingLevel} variant="h3" noWrap>
          <UserText>{pet.petName}</UserText>
        </Typography>
        {/* each part isolated: a title without a translation cannot split the line around it (docs/decisions/0107) */}
        <Typography variant="body2" color="text.secondary" noWrap>
          <PetTypeIcon src={pet.petTypeImage} /> <bdi>{titles.petType(pet.petTypeId, pet.petType)}</bdi> ·{' '}
          <bdi>{titles.breed(pet.petBreedId, pet.petBreed)}</bdi>
          {pet.age !== null && (
            <>
              {' · '}
              <bdi>{formatAge(t, pet.age)}</bdi>
            </>
          )}
        </Typography>
      </Box>
    </Stack>
  );
}
