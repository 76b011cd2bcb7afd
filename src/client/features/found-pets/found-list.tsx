import { Box, Card, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FoundPetCard } from '#shared/contract/found-pets';
import { foundPetPath } from '#shared/page-routes';
import { useFoundPets } from '#client/api/found-pets';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { useDistanceFormat } from '#client/components/format/distance';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { ListMapSwitch } from '#client/components/lists/list-map-switch';
import { ListingFilters } from '#client/components/lists/listing-filters';
import { NearMeControl } from '#client/components/lists/near-me-control';
import { AlertSubscribeButton } from '#client/components/alerts/alert-subscribe-button';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { ResultsMap } from '#client/components/lists/results-map';
import { useListingParams } from '#client/components/lists/use-listing-params';
import { ContactButton } from '#client/components/relay/contact-button';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { useFoundSummary } from '#client/components/format/found-summary';

/**
 * The open found reports: newest found first, or near the visitor (?near=, rounded in the address) nearest first with
 * the distance to each rounded place; as a list, or on a map (?view=map) with the list under it.
 */
export function FoundList() {
  const { t, i18n } = useTranslation('found');
  const titles = useDataTitles();
  const summary = useFoundSummary();
  const distance = useDistanceFormat();
  const { near, view, setNear, setView } = useListingParams();
  const found = useFoundPets(near);
  const pets = found.data ?? [];

  const card = (pet: FoundPetCard) => {
    const away = distance(pet.distanceKm);
    return (
      <Stack direction="row" spacing={2} sx={{ p: 1.5, alignItems: 'center' }}>
        <ImageWithFallback
          src={pet.photo}
          alt=""
          sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 2, flexShrink: 0 }}
        />
        <div>
          <Typography sx={{ fontWeight: 600 }}>
            <Link component={RouterLink} to={foundPetPath(pet.foundPetId)}>
              {summary(pet)}
            </Link>
          </Typography>
          {pet.petBreed && (
            <Typography variant="body2">
              {t('page.breedGuess', { breed: titles.breed(pet.petBreedId, pet.petBreed) })}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('page.foundOn', { date: formatLongDate(pet.foundDate, i18n.language) })}
            {away && ` · ${t('directory:nearMe.away', { distance: away })}`}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <ContactButton
              target={{ to: 'finder', foundPetId: pet.foundPetId }}
              label={t('contact.button')}
              variant="outlined"
            />
          </Box>
        </div>
      </Stack>
    );
  };

  return (
    <section aria-labelledby="found-list-title">
      <Typography id="found-list-title" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.4rem' }, mb: 2 }}>
        {t('page.listTitle')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ListingFilters>
          <NearMeControl near={near} onChange={setNear} prompt={t('page.nearMePrompt')} />
          <ListMapSwitch view={view} onChange={setView} />
          <AlertSubscribeButton label={t('alerts.button')} startIcon={<NotificationsActiveOutlined />} />
        </ListingFilters>
      </Box>
      {found.error && <ErrorLine message={errorMessage(found.error)} />}
      {found.data?.length === 0 && <EmptyState message={t('page.empty')} />}
      {view === 'map' && pets.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <ResultsMap
            results={pets.map((p) => ({
              id: String(p.foundPetId),
              label: summary(p),
              latitude: p.latitude,
              longitude: p.longitude,
            }))}
            loading={false}
            visitor={near}
            renderCard={(id) => {
              const pet = pets.find((p) => String(p.foundPetId) === id);
              return pet ? <Card variant="outlined">{card(pet)}</Card> : null;
            }}
          />
        </Box>
      )}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pets.map((pet) => (
          <Card component="li" key={pet.foundPetId} variant="outlined">
            {card(pet)}
          </Card>
        ))}
      </Stack>
    </section>
  );
}
