import { Box, Button, Chip } from '@mui/material';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AnimalHouse } from '#shared/contract/providers';
import { animalHousesQuery, useAnimalHouses } from '#client/api/public-providers';
import type { PagePrefetch } from '#client/api/page-data';
import { telUrl, withHttps } from '#client/components/format/external-links';
import { FIRST_PAINT_CARDS } from '#client/components/media/image-with-fallback';
import { useCountryTitleInLanguage } from '#client/components/i18n/use-country-names';
import { ProviderCard, addressLine } from '#client/components/lists/provider-card';
import { CountrySelect, prefetchCountrySelect } from '#client/features/directory/country-select';
import { DirectoryLayout } from '#client/features/directory/directory-layout';
import { ProviderListingFrame } from '#client/features/directory/provider-listing-frame';
import { listingParamsOf, useListingParams } from '#client/features/directory/use-listing-params';
import { numberFormat } from '#client/components/format/intl-formats';
import { intlLocale } from '#shared/languages';
import { UserText } from '#client/components/i18n/bidi';

/** What the page's first render reads (the server renderer loads it before rendering). */
export const prefetch: PagePrefetch = async ({ client, search, language }) => {
  const { page, countryId } = listingParamsOf(search);
  await Promise.all([
    client.prefetchQuery(animalHousesQuery({ page, countryId })),
    prefetchCountrySelect(client, 'shelter', language),
  ]);
};

/**
 * /AnimalHouse: SPEC.md leaves it undescribed; Pawtal makes it the directory of shelters and
 * rescues whose pets are up for adoption (docs/decisions/0031-animal-house-directory.md).
 */
export default function AnimalHousePage() {
  const { t } = useTranslation('directory');
  const { page, countryId, setPage, setCountry } = useListingParams();
  const listing = useAnimalHouses({ page, countryId });
  const items = listing.data?.items ?? [];

  return (
    <DirectoryLayout
      title={t('shelters.title')}
      intro={t('shelters.intro')}
      filters={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <CountrySelect directory="shelter" value={countryId} onChange={setCountry} />
          <Button
            component={RouterLink}
            to="/adopt"
            variant="contained"
            color="secondary"
            startIcon={<VolunteerActivism aria-hidden />}
          >
            {t('shelters.seeAdoption')}
          </Button>
        </Box>
      }
    >
      <ProviderListingFrame
        query={listing}
        page={page}
        onPageChange={setPage}
        itemCount={items.length}
        title={t('shelters.title')}
        emptyMessage={t('shelters.empty')}
      >
        {items.map((house, index) => (
          <ShelterCard key={house.ID} house={house} priority={index < FIRST_PAINT_CARDS} />
        ))}
      </ProviderListingFrame>
    </DirectoryLayout>
  );
}

function ShelterCard({ house, priority }: { house: AnimalHouse; priority: boolean }) {
  const countryName = useCountryTitleInLanguage();
  const { t, i18n } = useTranslation('directory');
  const tel = telUrl(house.phoneNumber);
  const site = withHttps(house.websiteUrl);
  const count = numberFormat(intlLocale(i18n.language)).format(house.petsForAdoption);
  return (
    <ProviderCard
      name={house.name}
      image={house.image}
      address={addressLine(house.address, house.city, countryName(house.country))}
      placeholder="shelter"
      priority={priority}
    >
      <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 1.5 }}>
        {house.description && (
          <UserText
            component="p"
            sx={{
              typography: 'body2',
              m: 0,
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {house.description}
          </UserText>
        )}
        <Chip
          color={house.petsForAdoption > 0 ? 'primary' : 'default'}
          variant={house.petsForAdoption > 0 ? 'filled' : 'outlined'}
          label={t('shelters.petsCount', { count: house.petsForAdoption, formatted: count })}
          sx={{ justifySelf: 'start', fontWeight: 600 }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {tel && (
            <Button
              size="small"
              variant="outlined"
              href={tel}
              startIcon={<PhoneOutlined aria-hidden />}
              aria-label={t('shelters.call', { name: house.name })}
            >
              {t('shelters.callShort')}
            </Button>
          )}
          {house.email && (
            <Button
              size="small"
              variant="outlined"
              href={`mailto:${house.email}`}
              startIcon={<MailOutlined aria-hidden />}
              aria-label={t('shelters.email', { name: house.name })}
            >
              {t('shelters.emailShort')}
            </Button>
          )}
          {site && (
            <Button
              size="small"
              variant="outlined"
              href={site}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<LanguageOutlined aria-hidden />}
              aria-label={t('shelters.website', { name: house.name })}
            >
              {t('shelters.websiteShort')}
            </Button>
          )}
        </Box>
      </Box>
    </ProviderCard>
  );
}
