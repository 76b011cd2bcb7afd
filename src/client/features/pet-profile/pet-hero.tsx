import type { RefObject } from 'react';
import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Pets from '@mui/icons-material/Pets';
import { formatAge } from '#client/components/format/age';
import { useTranslation } from 'react-i18next';
import type { PetDetails } from '#shared/contract/pets';
import { firstPaintImage, ImageWithFallback } from '#client/components/media/image-with-fallback';
import { UserText } from '#client/components/i18n/bidi';
import { useDataTitles } from '#client/components/format/data-titles';

interface PetHeroProps {
  pet: PetDetails;
  adoptionMode: boolean;
  lostOpen: boolean;
  onOpenLost: () => void;
  lostButtonRef: RefObject<HTMLButtonElement | null>;
}

/** Photo, name, breed and age, the lost / adoption badges and their buttons. */
export function PetHero({ pet, adoptionMode, lostOpen, onOpenLost, lostButtonRef }: PetHeroProps) {
  const { t } = useTranslation('pet');
  const titles = useDataTitles();
  const showLostButton = pet.isLost && !adoptionMode;
  const showAdopt = adoptionMode && pet.isForAdoption;
  return (
    <Card
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 2, md: 4 },
        alignItems: { sm: 'center' },
      }}
    >
      <ImageWithFallback
        src={pet.petImage}
        alt={t('photoAlt', { name: pet.petName })}
        {...firstPaintImage}
        sx={{
          width: { xs: '100%', sm: 220, md: 280 },
          aspectRatio: { xs: '4 / 3', sm: '1 / 1' },
          borderRadius: 4,
          flexShrink: 0,
        }}
      />
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {pet.isLost && (
            <Chip
              color="error"
              icon={<ReportProblemOutlined aria-hidden />}
              label={t('lost.badge')}
              sx={{ fontWeight: 700 }}
            />
          )}
          {pet.isForAdoption && (
            <Chip color="secondary" icon={<Pets aria-hidden />} label={t('adoption.badge')} sx={{ fontWeight: 700 }} />
          )}
        </Stack>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          <UserText>{pet.petName}</UserText>
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, color: 'text.secondary' }}
        >
          <Box sx={{ display: 'flex', gap: 0.75 }}>
            <dt>{t('breed')}:</dt>
            <Box component="dd" sx={{ m: 0, color: 'text.primary', fontWeight: 600 }}>
              <bdi>{pet.petBreed ? titles.breed(pet.petBreedId, pet.petBreed) : t('notAvailable')}</bdi>
            </Box>
          </Box>
          {/* No age without a birth date (unknown, or not public: docs/decisions/0050). */}
          {pet.dob && (
            <Box sx={{ display: 'flex', gap: 0.75 }}>
              <dt>{t('age')}:</dt>
              <Box component="dd" sx={{ m: 0, color: 'text.primary', fontWeight: 600 }}>
                {formatAge(t, pet.age, pet.dob)}
              </Box>
            </Box>
          )}
        </Box>
        {(showLostButton || showAdopt) && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, pt: 1 }}>
            {showLostButton && (
              <Button
                ref={lostButtonRef}
                variant="contained"
                color="error"
                size="large"
                startIcon={<ReportProblemOutlined aria-hidden />}
                onClick={onOpenLost}
                aria-expanded={lostOpen}
                aria-controls={lostOpen ? 'lost-panel' : undefined}
              >
                {t('lost.button')}
              </Button>
            )}
            {showAdopt && (
              <Stack spacing={0.5}>
                <Button
                  variant="contained"
                  color="secondary"
                  size="large"
                  disabled
                  startIcon={<Pets aria-hidden />}
                  aria-describedby="adopt-hint"
                >
                  {t('adoption.adoptMe')}
                </Button>
                <Typography id="adopt-hint" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('adoption.hint')}
                </Typography>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
