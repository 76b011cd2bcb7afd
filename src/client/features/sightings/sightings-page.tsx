import { useState } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Card,
  CardContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import DirectionsOutlined from '@mui/icons-material/DirectionsOutlined';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PetSighting } from '#shared/contract/sightings';
import { usePetSightings } from '#client/api/sightings-calls';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { MapView } from '#client/components/map/map-view';
import { PageLayout } from '#client/components/page/page-layout';
import { intlLocale } from '#shared/languages';
import { dateTimeFormat } from '#client/components/format/intl-formats';
import { FoundCandidates } from '#client/features/sightings/found-candidates';

const MAP_HEIGHT_PX = 420;

/** Directions from where the viewer is to the sighting (the map app of the phone picks it up). */
export function directionsUrl(s: Pick<PetSighting, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${s.latitude},${s.longitude}`;
}

/**
 * /Sightings?token=…: the owner's private page of a lost pet's sightings (from the sighting e-mail):
 * a map with every retained sighting and a list beside it, newest first, in the viewer's time zone; then the found
 * reports that may be the pet, best first (issue 34).
 */
export default function SightingsPage() {
  const { t, i18n } = useTranslation('pet');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const query = usePetSightings(token);
  const [selected, setSelected] = useState<number | null>(null);
  const data = query.data;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const format = dateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  let body;
  if (!token) body = <ErrorLine message={t('sightingsPage.missingToken')} />;
  else if (query.isError) body = <ErrorLine message={errorMessage(query.error)} />;
  else if (!data) body = <Skeleton variant="rounded" height={MAP_HEIGHT_PX} aria-label={t('sightingsPage.loading')} />;
  else {
    const newest = data.sightings[0];
    const focus = data.sightings.find((s) => s.id === selected) ?? newest;
    body = (
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={data.petImage} alt={t('photoAlt', { name: data.petName })} sx={{ width: 72, height: 72 }} />
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
              {t('sightingsPage.heading', { name: data.petName })}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('sightingsPage.summary', { count: data.sightings.length, days: data.retentionDays })}
            </Typography>
          </Box>
        </Stack>
        {!data.isLost && <Alert severity="success">{t('sightingsPage.found', { name: data.petName })}</Alert>}
        {data.sightings.length === 0 ? (
          <EmptyState message={t('sightingsPage.none', { days: data.retentionDays })} />
        ) : (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
            <MapView
              latitude={focus.latitude}
              longitude={focus.longitude}
              height={MAP_HEIGHT_PX}
              label={t('sightingsPage.mapLabel', { name: data.petName, count: data.sightings.length })}
              markers={data.sightings.map((s) => ({
                id: String(s.id),
                latitude: s.latitude,
                longitude: s.longitude,
                label: format.format(new Date(s.seenAt)),
              }))}
            />
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                  {t('sightingsPage.listHeading')}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('sightingsPage.timeZone', { timeZone })}
                </Typography>
                <List aria-label={t('sightingsPage.listHeading')} data-testid="sightings-list">
                  {data.sightings.map((s, i) => (
                    <Box
                      component="li"
                      key={s.id}
                      sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1 }}
                    >
                      <ListItemButton
                        selected={s.id === focus.id}
                        onClick={() => setSelected(s.id)}
                        sx={{ borderRadius: 2 }}
                      >
                        <ListItemText
                          primary={<time dateTime={s.seenAt}>{format.format(new Date(s.seenAt))}</time>}
                          secondary={
                            <span dir="ltr">
                              {i === 0 ? `${t('sightingsPage.latest')} · ` : ''}
                              {s.latitude.toFixed(5)}, {s.longitude.toFixed(5)}
                            </span>
                          }
                        />
                      </ListItemButton>
                      <Link
                        href={directionsUrl(s)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('sightingsPage.directionsTo', { time: format.format(new Date(s.seenAt)) })}
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', px: 1 }}
                      >
                        <DirectionsOutlined fontSize="small" aria-hidden />
                        {t('sightingsPage.directions')}
                      </Link>
                    </Box>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Box>
        )}
        {(data.isLost || data.foundCandidates.length > 0) && (
          <FoundCandidates petName={data.petName} candidates={data.foundCandidates} />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sightingsPage.private')}
        </Typography>
      </Stack>
    );
  }

  return (
    <PageLayout
      title={data ? t('sightingsPage.heading', { name: data.petName }) : t('sightingsPage.title')}
      maxWidth="lg"
    >
      {body}
    </PageLayout>
  );
}
