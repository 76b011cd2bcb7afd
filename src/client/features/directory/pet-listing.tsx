import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PetCard as PetCardData } from '#shared/contract/pets';
import { petProfilePath } from '#shared/pet-profile-path';
import { petTypesQuery, usePetTypes } from '#client/api/public-general';
import { petListingQuery, usePetListing, type PetListingKind } from '#client/api/public-pet-listings';
import { petDetailsQuery } from '#client/api/pet-profile-queries';
import { useDistanceFormat } from '#client/components/format/distance';
import { ListingFrame } from '#client/components/lists/listing-frame';
import { PetCard } from '#client/components/lists/pet-card';
import { PAGE_SIZE } from '#shared/constants';
import { BreedSections, NearestList, type RenderPetCard } from '#client/features/directory/breed-sections';
import { DirectoryLayout } from '#client/features/directory/directory-layout';
import { ListingFilters } from '#client/components/lists/listing-filters';
import { ListMapSwitch } from '#client/components/lists/list-map-switch';
import { NearMeControl } from '#client/components/lists/near-me-control';
import { AlertSubscribeButton } from '#client/components/alerts/alert-subscribe-button';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { ListingSearch } from '#client/features/directory/listing-search';
import { PetTypePicker } from '#client/features/directory/pet-type-picker';
import { ResultsMap } from '#client/components/lists/results-map';
import { listingParamsOf, useListingParams } from '#client/components/lists/use-listing-params';
import type { PagePrefetch } from '#client/api/page-data';

/** Where a card leads (SPEC.md §2). */
export function petCardLink(kind: PetListingKind, pet: Pick<PetCardData, 'petId' | 'publicId'>): string {
  return kind === 'adoption'
    ? petProfilePath({ petProfileId: pet.petId }, 'Adoption')
    : petProfilePath({ petProfileId: pet.petId, publicId: pet.publicId }, 'Lost');
}

/** Lost pets near me and the map are lost-pet features; adoption reads only the type and page. */
function petListingParams(kind: PetListingKind, params: ReturnType<typeof listingParamsOf>) {
  return {
    ...params,
    near: kind === 'lost' ? params.near : null,
    view: kind === 'lost' ? params.view : ('list' as const),
  };
}

/** The map's query of one pet (its last-seen place), without a visitor position: no sighting is stored. */
const mapDetailsQuery = (p: Pick<PetCardData, 'petId' | 'publicId'>) =>
  petDetailsQuery({ publicId: p.publicId, petProfileId: String(p.petId), latitude: 0, longitude: 0, fix: 0 });

/** What PetListing's first render reads (the server renderer loads it before rendering). */
export function prefetchPetListing(kind: PetListingKind): PagePrefetch {
  return async ({ client, search }) => {
    const { petTypeId, page, near, view, search: text } = petListingParams(kind, listingParamsOf(search));
    const listing = petListingQuery(kind, { petTypeId, page, near, search: text });
    await Promise.all([client.prefetchQuery(petTypesQuery()), client.prefetchQuery(listing)]);
    if (view !== 'map') return;
    const pets = (client.getQueryData(listing.queryKey) ?? []).flatMap((g) => g.pets);
    await Promise.all(pets.map((p) => client.prefetchQuery(mapDetailsQuery(p))));
  };
}

/**
 * Adoption (/adopt) and lost pets (/lost): pet-type buttons, a section per breed, Previous/Next.
 * Lost pets add "near me" (one list, nearest last-seen place first, distances and breeds on the
 * cards) and a map; their cards say when and where each pet was last seen.
 */
export function PetListing({ kind }: { kind: PetListingKind }) {
  const { t } = useTranslation('directory');
  const params = useListingParams();
  const { setPage, setPetType, setNear, setView, setSearch } = params;
  const { page, petTypeId, near, view, search } = petListingParams(kind, params);
  const types = usePetTypes();
  const listing = usePetListing(kind, { petTypeId, page, near, search });
  const groups = listing.data ?? [];
  const pets = groups.flatMap((g) => g.pets);
  const count = pets.length;
  const distance = useDistanceFormat();
  const distanceOf = (pet: PetCardData) => {
    const km = distance(pet.distanceKm);
    return km && t('nearMe.away', { distance: km });
  };
  // The map places the page's pets by their last-seen place from their public details (the
  // listing answer carries no position); sent without a visitor position, so no sighting is stored.
  const details = useQueries({ queries: pets.map((p) => ({ ...mapDetailsQuery(p), enabled: view === 'map' })) });
  const renderCard: RenderPetCard = (pet, { priority, breed }) => (
    <PetCard
      key={pet.petId}
      name={pet.petName}
      image={pet.petImage}
      age={pet.age}
      to={petCardLink(kind, pet)}
      distance={distanceOf(pet)}
      priority={priority}
      breed={breed}
      lastSeen={kind === 'lost' ? { date: pet.lostDate, place: pet.lostAddress } : undefined}
    />
  );
  const petTypePicker = (
    <PetTypePicker types={types.data} loading={types.isPending} selected={petTypeId} onSelect={setPetType} />
  );
  const searchBox = (
    <ListingSearch
      value={search}
      onSearch={setSearch}
      label={t('pets.search.label')}
      placeholder={t('pets.search.placeholder')}
    />
  );

  return (
    <DirectoryLayout
      title={t(`pets.${kind}.title`)}
      intro={t(`pets.${kind}.intro`)}
      filters={
        kind === 'lost' ? (
          <>
            {petTypePicker}
            <ListingFilters>
              {searchBox}
              <NearMeControl near={near} onChange={setNear} prompt={t('nearMe.prompt.lost')} />
              <ListMapSwitch view={view} onChange={setView} />
              <AlertSubscribeButton label={t('pets.lost.alerts')} startIcon={<NotificationsActiveOutlined />} />
            </ListingFilters>
          </>
        ) : (
          <>
            {petTypePicker}
            <ListingFilters>{searchBox}</ListingFilters>
          </>
        )
      }
    >
      <ListingFrame
        query={listing}
        variant="pet"
        loadingLabel={t('loading')}
        itemCount={count}
        emptyMessage={search ? t('pets.search.empty') : t(`pets.${kind}.empty`)}
        // a page of fewer than PAGE_SIZE pets is the last one
        pager={{ page, fullPage: PAGE_SIZE, onPageChange: setPage }}
        before={
          view === 'map' && (
            <ResultsMap
              results={pets.map((p, i) => ({
                id: String(p.petId),
                label: p.petName,
                latitude: details[i]?.data?.lostPetDetails?.latitude,
                longitude: details[i]?.data?.lostPetDetails?.longitude,
              }))}
              loading={details.some((d) => d.isPending)}
              visitor={near}
              renderCard={(id) => {
                const pet = pets.find((p) => String(p.petId) === id);
                return pet ? renderCard(pet, { priority: false }) : null;
              }}
            />
          )
        }
      >
        {near ? (
          <NearestList groups={groups} label={t(`pets.${kind}.title`)} renderCard={renderCard} />
        ) : (
          <BreedSections groups={groups} renderCard={renderCard} />
        )}
      </ListingFrame>
    </DirectoryLayout>
  );
}
