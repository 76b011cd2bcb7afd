import { useQueries } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProviderKind } from '#shared/constants';
import type { ProviderListItem } from '#shared/contract/providers';
import { providerRoutes } from '#client/app/paths';
import { providerQuery, providersQuery, useProviders } from '#client/api/public-providers';
import type { PagePrefetch } from '#client/api/page-data';
import { useDistanceFormat } from '#client/components/format/distance';
import { useCountryTitleInLanguage } from '#client/components/i18n/use-country-names';
import { FIRST_PAINT_CARDS } from '#client/components/media/image-with-fallback';
import { ProviderCard, addressLine } from '#client/components/lists/provider-card';
import { CountrySelect, prefetchCountrySelect } from '#client/features/directory/country-select';
import { DirectoryLayout } from '#client/features/directory/directory-layout';
import { ListingFilters } from '#client/components/lists/listing-filters';
import { ProviderListingFrame } from '#client/features/directory/provider-listing-frame';
import { ListMapSwitch } from '#client/components/lists/list-map-switch';
import { NearMeControl } from '#client/components/lists/near-me-control';
import { ResultsMap } from '#client/components/lists/results-map';
import { listingParamsOf, useListingParams } from '#client/components/lists/use-listing-params';

/** What ProviderListing's first render reads (the server renderer loads it before rendering). */
export function prefetchProviderListing(kind: ProviderKind): PagePrefetch {
  return async ({ client, search, language }) => {
    const { page, countryId, near, view } = listingParamsOf(search);
    const listing = providersQuery(kind, { page, countryId, near });
    await Promise.all([client.prefetchQuery(listing), prefetchCountrySelect(client, kind, language)]);
    if (view !== 'map') return;
    const items = client.getQueryData(listing.queryKey)?.items ?? [];
    await Promise.all(items.map((p) => client.prefetchQuery(providerQuery(kind, String(p.ID)))));
  };
}

/** The five provider listings (SPEC.md §2), one component parametrised by kind. */
export function ProviderListing({ kind }: { kind: ProviderKind }) {
  const { t } = useTranslation('directory');
  const { page, countryId, near, view, setPage, setCountry, setNear, setView } = useListingParams();
  // the detail page's Back returns to this page of the listing (its page, country, near me, view)
  const { pathname, search } = useLocation();
  const listing = useProviders(kind, { page, countryId, near });
  const items = listing.data?.items ?? [];
  const countryName = useCountryTitleInLanguage();
  const distance = useDistanceFormat();
  // The map places the page's providers by their detail records (the list answer carries no
  // position); the same queries the detail page uses, so opening a card then costs nothing.
  const details = useQueries({
    queries: items.map((p) => ({ ...providerQuery(kind, String(p.ID)), enabled: view === 'map' })),
  });

  const card = (p: ProviderListItem, index: number, headingLevel: 'h2' | 'h3' = 'h2') => {
    const km = distance(p.distanceKm);
    return (
      <ProviderCard
        priority={index < FIRST_PAINT_CARDS}
        key={p.ID}
        name={p.name}
        image={p.image}
        speciality={p.speciality}
        address={addressLine(p.address, p.city, countryName(p.country))}
        to={providerRoutes[kind].detail(p.ID)}
        state={{ provider: p, listing: pathname + search }}
        distance={km && t('nearMe.away', { distance: km })}
        headingLevel={headingLevel}
      />
    );
  };

  return (
    <DirectoryLayout
      title={t(`providers.${kind}.title`)}
      intro={t(`providers.${kind}.intro`)}
      filters={
        <ListingFilters>
          <CountrySelect directory={kind} value={countryId} onChange={setCountry} />
          <NearMeControl near={near} onChange={setNear} prompt={t(`nearMe.prompt.${kind}`)} />
          <ListMapSwitch view={view} onChange={setView} />
        </ListingFilters>
      }
    >
      <ProviderListingFrame
        query={listing}
        page={page}
        onPageChange={setPage}
        itemCount={items.length}
        title={t(`providers.${kind}.title`)}
        emptyMessage={t(`providers.${kind}.empty`)}
        before={
          view === 'map' && (
            <ResultsMap
              results={items.map((p, i) => ({
                id: String(p.ID),
                label: p.name,
                latitude: details[i]?.data?.latitude,
                longitude: details[i]?.data?.longitude,
              }))}
              loading={details.some((d) => d.isPending)}
              visitor={near}
              renderCard={(id) => {
                const index = items.findIndex((p) => String(p.ID) === id);
                return index >= 0 ? card(items[index], index, 'h3') : null;
              }}
            />
          )
        }
      >
        {items.map((p, index) => card(p, index))}
      </ProviderListingFrame>
    </DirectoryLayout>
  );
}
