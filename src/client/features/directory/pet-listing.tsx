import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PetCard } from '#shared/contract/pets';
import { usePetTypes } from '#client/api/public-general';
import { usePetListing, type PetListingKind } from '#client/api/public-pet-listings';
import { CardGridSkeleton } from '../../components/card-grid';
import { EmptyState } from '../../components/empty-state';
import { ErrorLine, errorMessage } from '../../components/error-line';
import { PrevNextPager } from '../../components/pager';
import { BreedSections } from './breed-sections';
import { DirectoryLayout } from './directory-layout';
import { PetTypePicker } from './pet-type-picker';
import { useListingParams } from './use-listing-params';

/** Where a card leads (SPEC.md §2). */
export function petCardLink(kind: PetListingKind, pet: Pick<PetCard, 'petId' | 'publicId'>): string {
  const query =
    kind === 'adoption'
      ? new URLSearchParams({ petProfileId: String(pet.petId), isFrom: 'Adoption' })
      : new URLSearchParams({ petProfileId: String(pet.petId), publicId: pet.publicId, isFrom: 'Lost' });
  return `/Pets/Details?${query.toString()}`;
}

/** Adoption (/adopt) and lost pets (/lost): pet-type buttons, a section per breed, Previous/Next. */
export function PetListing({ kind }: { kind: PetListingKind }) {
  const { t } = useTranslation('directory');
  const { page, petTypeId, setPage, setPetType } = useListingParams();
  const types = usePetTypes();
  const { data, error, isPending, isPlaceholderData, isFetching } = usePetListing(kind, { petTypeId, page });
  const groups = data ?? [];
  const count = groups.reduce((n, g) => n + g.pets.length, 0);
  const busy = isPlaceholderData && isFetching;

  return (
    <DirectoryLayout
      title={t(`pets.${kind}.title`)}
      intro={t(`pets.${kind}.intro`)}
      filters={<PetTypePicker types={types.data} loading={types.isPending} selected={petTypeId} onSelect={setPetType} />}
    >
      {error ? (
        <ErrorLine message={errorMessage(error)} />
      ) : isPending ? (
        <CardGridSkeleton variant="pet" label={t('loading')} />
      ) : (
        <Box aria-busy={busy} sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity 150ms' }}>
          {count === 0 ? <EmptyState message={t(`pets.${kind}.empty`)} /> : <BreedSections groups={groups} linkOf={(pet) => petCardLink(kind, pet)} />}
          <PrevNextPager page={page} itemsOnPage={count} onPageChange={setPage} disabled={busy} />
        </Box>
      )}
    </DirectoryLayout>
  );
}
