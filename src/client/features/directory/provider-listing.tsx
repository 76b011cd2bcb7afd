import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ProviderKind } from '#shared/constants';
import { providerRoutes } from '#client/app/paths';
import { useProviders } from '#client/api/public-providers';
import { CardGrid, CardGridSkeleton } from '../../components/card-grid';
import { EmptyState } from '../../components/empty-state';
import { useCountryTitleInLanguage } from '../../components/use-country-names';
import { FIRST_PAINT_CARDS } from '../../components/image-with-fallback';
import { ErrorLine, errorMessage } from '../../components/error-line';
import { NumberedPager } from '../../components/pager';
import { totalPages } from '../../components/paging';
import { ProviderCard, addressLine } from '../../components/provider-card';
import { CountrySelect } from './country-select';
import { DirectoryLayout } from './directory-layout';
import { useListingParams } from './use-listing-params';

/** The five provider listings (SPEC.md §2), one component parametrised by kind. */
export function ProviderListing({ kind }: { kind: ProviderKind }) {
  const { t } = useTranslation('directory');
  const { page, countryId, setPage, setCountry } = useListingParams();
  const { data, error, isPending, isPlaceholderData, isFetching } = useProviders(kind, { page, countryId });
  const items = data?.items ?? [];
  const busy = isPlaceholderData && isFetching;
  const countryName = useCountryTitleInLanguage();

  return (
    <DirectoryLayout title={t(`providers.${kind}.title`)} intro={t(`providers.${kind}.intro`)} filters={<CountrySelect value={countryId} onChange={setCountry} />}>
      {error ? (
        <ErrorLine message={errorMessage(error)} />
      ) : isPending ? (
        <CardGridSkeleton variant="provider" label={t('loading')} />
      ) : (
        <Box aria-busy={busy} sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity 150ms' }}>
          {items.length === 0 ? (
            <EmptyState message={t(`providers.${kind}.empty`)} />
          ) : (
            <CardGrid variant="provider" label={t(`providers.${kind}.title`)}>
              {items.map((p, index) => (
                <ProviderCard
                  priority={index < FIRST_PAINT_CARDS}
                  key={p.ID}
                  name={p.name}
                  image={p.image}
                  speciality={p.speciality}
                  address={addressLine(p.address, p.city, countryName(p.country))}
                  to={providerRoutes[kind].detail(p.ID)}
                  state={{ provider: p }}
                />
              ))}
            </CardGrid>
          )}
          <NumberedPager page={page} totalPages={totalPages(data?.totalCount ?? 0)} itemsOnPage={items.length} onPageChange={setPage} disabled={busy} />
        </Box>
      )}
    </DirectoryLayout>
  );
}
