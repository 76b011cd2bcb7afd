import type { ReactNode } from 'react';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Instagram from '@mui/icons-material/Instagram';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProviderKind } from '#shared/constants';
import { PROVIDER_MAP_HEIGHT_PX } from '#shared/constants';
import type { ProviderDetail, ProviderListItem } from '#shared/contract/providers';
import { providerRoutes } from '#client/app/paths';
import { providerQuery, useProvider } from '#client/api/public-providers';
import type { PagePrefetch } from '#client/api/page-data';
import { isNotFoundAnswer } from '#client/api/client';
import { NotFound } from '#client/components/states/not-found';
import { PageLayout } from '#client/components/page/page-layout';
import { PageLoading } from '#client/components/states/page-loading';
import { BackButton } from '#client/components/page/back-link';
import { firstPaintImage, ImageWithFallback } from '#client/components/media/image-with-fallback';
import { MapView } from '#client/components/map/map-view';
import { hasImage } from '#client/components/media/media';
import { EmptyState } from '#client/components/states/empty-state';
import { addressLine } from '#client/components/lists/provider-card';
import { prefetchCountryTitles, useCountryTitleInLanguage } from '#client/components/i18n/use-country-names';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';
import { telUrl, whatsappUrl, withHttps } from '#client/components/format/external-links';
import { UserText } from '#client/components/i18n/bidi';
import { useDataTitles } from '#client/components/format/data-titles';

/** The listing record handed over by a listing card (router state), shown while the details load. */
function listingRecord(state: unknown): ProviderListItem | null {
  const provider = (state as { provider?: ProviderListItem } | null)?.provider;
  return provider && typeof provider.name === 'string' ? provider : null;
}

/** What a provider page's first render reads: the provider, then (when there is one) the country names. */
export function prefetchProviderDetail(kind: ProviderKind): PagePrefetch {
  return async ({ client, params, language }) => {
    const provider = providerQuery(kind, params.id ?? '');
    await client.prefetchQuery(provider);
    if (client.getQueryData(provider.queryKey)) await prefetchCountryTitles(client, language);
  };
}

/**
 * Where Back leads: the listing page the visitor came from (its page, country and view, handed over
 * by the card), else the listing's first page (SPEC.md §2). Only an address of this kind's listing.
 */
export function backToListing(state: unknown, list: string): string {
  const listing = (state as { listing?: unknown } | null)?.listing;
  return typeof listing === 'string' && (listing === list || listing.startsWith(`${list}?`)) ? listing : list;
}

/**
 * The five provider detail pages (SPEC.md §2): one component parametrised by kind. Loading shows a
 * spinner; a failure is only logged (by the fetcher) and the page renders empty (SPEC.md §8).
 */
export function ProviderDetailPage({ kind }: { kind: ProviderKind }) {
  const { t } = useTranslation('provider');
  const { id = '' } = useParams();
  const location = useLocation();
  const preview = listingRecord(location.state);
  const { data, isPending, error } = useProvider(kind, id);
  // The router state lives in the browser's history: the server (and hydration) link to the listing's first page.
  const inBrowser = useBrowserValue(() => true, false);
  const back = {
    to: inBrowser ? backToListing(location.state, providerRoutes[kind].list) : providerRoutes[kind].list,
    label: t(`backTo.${kind}`),
  };
  const name = data?.name ?? preview?.name;
  // No such provider (the server says so, or the id cannot be one): HTTP 404 and a way home.
  const notFound = !isPending && (data === null || (!data && isNotFoundAnswer(error)));

  return (
    <PageLayout title={notFound ? t('common:notFound.title') : (name ?? t(`kind.${kind}`))} back={back} maxWidth="md">
      {isPending ? (
        <PageLoading label={t('loading')} />
      ) : data ? (
        <ProviderDetails kind={kind} provider={data} />
      ) : notFound ? (
        <NotFound message={t('common:notFound.provider')} />
      ) : null}
      <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>
        <BackButton target={back} />
      </Box>
    </PageLayout>
  );
}

/**
 * The picture's frame: the whole picture at every width (never cropped to the column's shape, as on
 * the listing cards) in a 4:3 box that does not move the page when it loads; what the picture
 * leaves of the box is filled with a blurred copy of it, not a grey strip.
 */
function PictureBox({ src, children }: { src: string; children: ReactNode }) {
  return (
    <Box
      data-testid="provider-picture"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        // beside the details (desk) the picture's column is as tall as the card
        aspectRatio: { xs: '4 / 3', md: 'auto' },
        minHeight: { md: 270 },
        bgcolor: 'action.hover',
        '&::before': hasImage(src)
          ? {
              content: '""',
              position: 'absolute',
              inset: '-10%',
              backgroundImage: `url(${JSON.stringify(src)})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
              filter: 'blur(24px) saturate(1.1)',
              opacity: 0.85,
            }
          : undefined,
      }}
    >
      {children}
    </Box>
  );
}

function ProviderDetails({ kind, provider }: { kind: ProviderKind; provider: ProviderDetail }) {
  const { t } = useTranslation('provider');
  const titles = useDataTitles();
  const countryName = useCountryTitleInLanguage();
  const tel = telUrl(provider.phoneNumber);
  const chat = whatsappUrl(provider.phoneNumber);
  const instagram = withHttps(provider.instagramUrl);
  const website = withHttps(provider.websiteUrl);
  const hasMap = provider.latitude !== null && provider.longitude !== null;
  const address = addressLine(provider.address, provider.city, countryName(provider.country));

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '360px 1fr' }, overflow: 'hidden' }}>
        <PictureBox src={provider.image}>
          <ImageWithFallback
            src={provider.image}
            alt={t('photoOf', { name: provider.name })}
            placeholder="provider"
            {...firstPaintImage}
            sx={{ position: 'absolute', inset: 0, height: '100%', objectFit: 'contain', bgcolor: 'transparent' }}
          />
        </PictureBox>
        <Box sx={{ p: { xs: 2.5, md: 3 }, display: 'grid', gap: 1.5, alignContent: 'start' }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            {t(`kind.${kind}`)}
          </Typography>
          <Typography
            component="h1"
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
          >
            <UserText>{provider.name}</UserText>
          </Typography>
          {provider.speciality && (
            <Chip
              label={titles.speciality(provider.speciality)}
              color="primary"
              variant="outlined"
              sx={{ justifySelf: 'start', fontWeight: 600 }}
            />
          )}
          {address && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
              <PlaceOutlined aria-hidden fontSize="small" sx={{ mt: '2px' }} />
              <Typography>
                <UserText>{address}</UserText>
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {tel && (
              <Button variant="contained" color="secondary" href={tel} startIcon={<PhoneOutlined aria-hidden />}>
                {t('call')}
              </Button>
            )}
            {chat && (
              <Button
                variant="outlined"
                href={chat}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<WhatsApp aria-hidden />}
              >
                {t('chat')}
              </Button>
            )}
            {instagram && (
              <Button
                variant="outlined"
                href={instagram}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<Instagram aria-hidden />}
              >
                {t('instagram')}
              </Button>
            )}
            {website && (
              <Button
                variant="outlined"
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<LanguageOutlined aria-hidden />}
              >
                {t('website')}
              </Button>
            )}
          </Box>
        </Box>
      </Card>

      <Card component="section" aria-labelledby="provider-about" sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="provider-about" component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('about')}
        </Typography>
        {provider.description ? (
          <UserText component="p" sx={{ m: 0, whiteSpace: 'pre-line', color: 'text.primary' }}>
            {provider.description}
          </UserText>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('noDescription')}</Typography>
        )}
      </Card>

      <Card component="section" aria-labelledby="provider-location" sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="provider-location" component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {t('location')}
        </Typography>
        {hasMap ? (
          <MapView
            latitude={provider.latitude as number}
            longitude={provider.longitude as number}
            height={PROVIDER_MAP_HEIGHT_PX}
            label={t('mapOf', { name: provider.name })}
          />
        ) : (
          <EmptyState icon={<MapOutlined fontSize="inherit" />} message={t('common:map.notAvailable')} />
        )}
      </Card>
    </Box>
  );
}
