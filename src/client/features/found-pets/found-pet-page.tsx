import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { foundFlyerPath, paths } from '#shared/page-routes';
import { foundPetQuery, useFoundPet } from '#client/api/found-pets';
import { isNotFoundAnswer } from '#client/api/client';
import type { PagePrefetch } from '#client/api/page-data';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { UserText } from '#client/components/i18n/bidi';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { MapView } from '#client/components/map/map-view';
import { PageLayout } from '#client/components/page/page-layout';
import { ContactButton } from '#client/components/relay/contact-button';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { NotFound } from '#client/components/states/not-found';
import { foundPetIdOf } from '#client/features/found-pets/found-facts';
import { useFoundSummary } from '#client/components/format/found-summary';

export const prefetch: PagePrefetch = async ({ client, params }) => {
  const id = foundPetIdOf(params.id);
  if (id !== null) await client.prefetchQuery(foundPetQuery(id));
};

/**
 * /found/{id}: one found report as anyone may see it (GetFoundPet, the one visibility rule): its photos, what the
 * finder saw, the day, the note, the area on a map (the place rounded to about 500 m), "Contact the finder" through the
 * relay, and its flyer. Server-rendered, with share meta written by the server (src/server/pages/found-share-meta.ts).
 */
export default function FoundPetPage() {
  const { t, i18n } = useTranslation('found');
  const titles = useDataTitles();
  const summary = useFoundSummary();
  const id = foundPetIdOf(useParams().id);
  const found = useFoundPet(id);
  const pet = found.data;
  const notFound = id === null || (found.isError && !pet && isNotFoundAnswer(found.error));
  const heading = pet
    ? t('detail.title', {
        type: titles.petType(pet.petTypeId, ''),
        date: formatLongDate(pet.foundDate, i18n.language),
      })
    : null;

  let content: ReactNode;
  if (notFound)
    content = <NotFound message={t('detail.notFound')} home={{ to: paths.found, label: t('detail.all') }} />;
  else if (found.isError && !pet) content = <ErrorLine message={errorMessage(found.error)} />;
  else if (!pet) content = <Typography role="status">{t('detail.loading')}</Typography>;
  else {
    const facts: [string, ReactNode][] = [
      [t('detail.what'), summary(pet)],
      ...(pet.petBreed
        ? ([[t('detail.breedGuess'), titles.breed(pet.petBreedId, pet.petBreed)]] as [string, ReactNode][])
        : []),
      [t('detail.foundOn'), formatLongDate(pet.foundDate, i18n.language)],
      [t('detail.where'), t('detail.area')],
    ];
    content = (
      <Stack spacing={3}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {heading}
        </Typography>
        {pet.status === 'reunited' && (
          <Alert severity="success" role="status">
            {t('detail.reunited')}
          </Alert>
        )}
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(pet.photos.length, 3)}, 1fr)` },
          }}
        >
          {pet.photos.map((photo, index) => (
            <li key={photo}>
              <ImageWithFallback
                src={photo}
                alt={t('detail.photoAlt', { n: index + 1, what: summary(pet) })}
                fetchPriority={index === 0 ? 'high' : undefined}
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 3, display: 'block' }}
              />
            </li>
          ))}
        </Box>
        <Card>
          <CardContent>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {label}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
            {pet.note.trim() && (
              <Box sx={{ mt: 2 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t('detail.note')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>
                  <UserText>{pet.note}</UserText>
                </Typography>
              </Box>
            )}
          </CardContent>
        </Card>
        <MapView
          label={t('detail.mapLabel')}
          height={250}
          zoom={14}
          latitude={pet.latitude}
          longitude={pet.longitude}
        />
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {pet.status === 'open' && (
            <ContactButton target={{ to: 'finder', foundPetId: pet.foundPetId }} label={t('contact.button')} />
          )}
          <Button component={RouterLink} to={foundFlyerPath(pet.foundPetId)} variant="outlined">
            {t('detail.flyer')}
          </Button>
          <Button component={RouterLink} to={paths.found}>
            {t('detail.all')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  const title = heading ?? (notFound ? t('common:notFound.title') : t('page.title'));
  return (
    <PageLayout title={title} back={{ to: paths.found, label: t('detail.all') }}>
      {content}
    </PageLayout>
  );
}
