import { Box, Card, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FoundCandidate } from '#shared/contract/found-pets';
import { foundPetPath } from '#shared/page-routes';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { useDistanceFormat } from '#client/components/format/distance';
import { useFoundSummary } from '#client/components/format/found-summary';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { ContactButton } from '#client/components/relay/contact-button';

interface FoundCandidatesProps {
  petName: string;
  /** best first, as GetPetSightings answers them */
  candidates: FoundCandidate[];
}

/**
 * The found reports that may be the owner's lost pet (issue 34, item 2), best match first: photo, what the finder saw,
 * when, how far from where the pet was lost (rounded: the distance, never the finder's exact place), the report's
 * public page and "Contact the finder" through the relay.
 */
export function FoundCandidates({ petName, candidates }: FoundCandidatesProps) {
  const { t, i18n } = useTranslation('pet');
  const titles = useDataTitles();
  const summary = useFoundSummary();
  const distance = useDistanceFormat();

  return (
    <section aria-labelledby="found-candidates-title">
      <Typography id="found-candidates-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {t('sightingsPage.candidates.heading', { name: petName })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {candidates.length > 0
          ? t('sightingsPage.candidates.intro', { name: petName })
          : t('sightingsPage.candidates.none', { name: petName })}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="found-candidates">
        {candidates.map((c) => {
          const what = summary(c);
          return (
            <Card component="li" key={c.foundPetId} variant="outlined">
              <Stack direction="row" spacing={2} sx={{ p: 1.5, alignItems: 'center' }}>
                <ImageWithFallback
                  src={c.photo}
                  alt={t('sightingsPage.candidates.photoAlt', { what })}
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 2, flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={foundPetPath(c.foundPetId)}>
                      {what}
                    </Link>
                  </Typography>
                  {c.petBreed && (
                    <Typography variant="body2">
                      {t('found:page.breedGuess', { breed: titles.breed(c.petBreedId, c.petBreed) })}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('sightingsPage.candidates.foundOn', { date: formatLongDate(c.foundDate, i18n.language) })} ·{' '}
                    {t('sightingsPage.candidates.distance', { distance: distance(c.distanceKm), name: petName })}
                  </Typography>
                  <Box sx={{ mt: 1 }}>
                    <ContactButton
                      target={{ to: 'finder', foundPetId: c.foundPetId }}
                      label={t('found:contact.button')}
                      variant="outlined"
                    />
                  </Box>
                </Box>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}
